import { DraftLivePill } from "../content/content-status-badge.tsx";
import { useT } from "../i18n/intl.ts";

/** A bot's status pill. */
export function BotStatusBadge({ status }: { status: "draft" | "live" }) {
  const { t } = useT();
  return <DraftLivePill status={status} text={t(`bots.status.${status}`)} draftClass="bot-badge-draft" />;
}
