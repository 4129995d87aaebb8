import { DraftLivePill } from "../content/content-status-badge.tsx";
import { useT } from "../i18n/intl.ts";

/** An article's status pill: draft or published. */
export function HelpStatusBadge({ status }: { status: "draft" | "live" }) {
  const { t } = useT();
  return <DraftLivePill status={status} text={t(`help.status.${status}`)} draftClass="help-badge-draft" />;
}
