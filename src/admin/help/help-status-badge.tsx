import { useT } from "../i18n/intl.ts";

/** Draft or published as a pill: published in the success colour, a draft neutral. */
export function HelpStatusBadge({ status }: { status: "draft" | "live" }) {
  const { t } = useT();
  return (
    <span className={status === "live" ? "badge badge-success" : "badge help-badge-draft"}>
      {t(`help.status.${status}`)}
    </span>
  );
}
