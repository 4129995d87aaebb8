import type { UserDetail } from "../../shared/users-api.ts";
import { DateTimeAgo } from "../format/date-time-ago.tsx";
import { useFormatters } from "../format/use-formatters.ts";
import { useT } from "../i18n/intl.ts";
import { FieldList } from "../shell/detail/field-list.tsx";
import { UserStatusBadge } from "./user-status-badge.tsx";

/** Every field of a user (spec §3): account, profile, and level with XP and coins. */
export function UserFields({ user }: { user: UserDetail }) {
  const { t, formatNumber } = useT();
  const format = useFormatters();
  const yesNo = (value: boolean) => t(value ? "user.yes" : "user.no");
  return (
    <div className="detail-grid">
      <FieldList
        title="user.section.account"
        fields={[
          { label: "user.field.id", value: <code>{user.id}</code> },
          { label: "user.field.name", value: user.name },
          { label: "user.field.email", value: user.email },
          { label: "user.field.emailVerified", value: yesNo(user.emailVerified) },
          { label: "user.field.mfa", value: yesNo(user.mfaEnabled) },
          { label: "user.field.newsletter", value: yesNo(user.newsletter) },
          { label: "user.field.role", value: t(`role.${user.role === "ADMIN" ? "ADMIN" : "USER"}`) },
          { label: "user.field.status", value: <UserStatusBadge enabled={user.enabled} /> },
          { label: "user.field.createdAt", value: <DateTimeAgo value={user.createdAt} /> },
          {
            label: "user.field.lastLoginAt",
            value: user.lastLoginAt ? <DateTimeAgo value={user.lastLoginAt} /> : t("user.never"),
          },
        ]}
      />
      <FieldList
        title="user.section.profile"
        fields={[
          { label: "user.field.displayName", value: user.displayName },
          { label: "user.field.firstName", value: user.firstName },
          { label: "user.field.lastName", value: user.lastName },
          { label: "user.field.city", value: user.city },
          { label: "user.field.country", value: user.country },
          { label: "user.field.description", value: user.description },
          { label: "user.field.tags", value: user.tags.join(", ") },
        ]}
      />
      <FieldList
        title="user.section.progress"
        fields={[
          { label: "user.field.level", value: formatNumber(user.level) },
          { label: "user.field.levelName", value: t(`level.${user.levelName}`) },
          {
            label: "user.field.xp",
            value: <span title={formatNumber(user.xp)}>{format.abbreviate(user.xp)}</span>,
          },
          {
            label: "user.field.balance",
            // The exact figure: an admin adjusting coins acts on it, and the toast reports it whole.
            value: formatNumber(user.balance),
          },
        ]}
      />
    </div>
  );
}
