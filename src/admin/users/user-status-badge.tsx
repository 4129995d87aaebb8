import { useT } from "../i18n/intl.ts";

/** Enabled or banned (spec §4), as a coloured pill. */
export function UserStatusBadge({ enabled }: { enabled: boolean }) {
  const { t } = useT();
  return (
    <span className={`badge ${enabled ? "badge-success" : "badge-danger"}`} data-testid="user-status">
      {t(enabled ? "status.enabled" : "status.banned")}
    </span>
  );
}
