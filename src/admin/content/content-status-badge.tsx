import { useT } from "../i18n/intl.ts";
import type { ContentStatus } from "./content-list-query.ts";

/** Draft or live as a pill: live in the success colour, a draft neutral (`draftClass`, the area's). */
export function DraftLivePill({
  status,
  text,
  draftClass,
  testId,
}: {
  status: ContentStatus;
  text: string;
  draftClass: string;
  testId?: string;
}) {
  return (
    <span className={status === "live" ? "badge badge-success" : `badge ${draftClass}`} data-testid={testId}>
      {text}
    </span>
  );
}

/** A content record's status pill. */
export function ContentStatusBadge({ status }: { status: ContentStatus }) {
  const { t } = useT();
  return (
    <DraftLivePill
      status={status}
      text={t(`content.status.${status}`)}
      draftClass="badge-draft"
      testId="content-status"
    />
  );
}
