import { useT } from "../i18n/intl.ts";
import type { ContentStatus } from "./content-list-query.ts";

/** Draft or live as a pill: live in the success colour, a draft neutral. */
export function ContentStatusBadge({ status }: { status: ContentStatus }) {
  const { t } = useT();
  return (
    <span
      className={status === "live" ? "badge badge-success" : "badge badge-draft"}
      data-testid="content-status"
    >
      {t(`content.status.${status}`)}
    </span>
  );
}
