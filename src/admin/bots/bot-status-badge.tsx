import { useT } from "../i18n/intl.ts";

/** Draft or live as a pill: live in the success colour, a draft neutral. */
export function BotStatusBadge({ status }: { status: "draft" | "live" }) {
  const { t } = useT();
  return (
    <span className={status === "live" ? "badge badge-success" : "badge bot-badge-draft"}>
      {t(`bots.status.${status}`)}
    </span>
  );
}
