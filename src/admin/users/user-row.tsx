import { Link } from "wouter";
import type { UserListItem } from "../../shared/users-schemas.ts";
import { useFormatters } from "../format/use-formatters.ts";
import { useT } from "../i18n/intl.ts";
import { UserStatusBadge } from "./user-status-badge.tsx";

/** One user of the list: checkbox, nickname linking to the detail, and the figures abbreviated. */
export function UserRow({
  user,
  selected,
  onSelect,
}: {
  user: UserListItem;
  selected: boolean;
  onSelect: (id: string, selected: boolean) => void;
}) {
  const { t, formatNumber } = useT();
  const format = useFormatters();
  return (
    <tr aria-selected={selected} data-testid="user-row">
      <td className="select-cell">
        <input
          type="checkbox"
          checked={selected}
          aria-label={t("users.column.select", { name: user.name })}
          onChange={(event) => onSelect(user.id, event.target.checked)}
        />
      </td>
      <td>
        <Link href={`/dashboard/users/${encodeURIComponent(user.id)}`} className="table-link">
          {user.name}
        </Link>
      </td>
      <td className={user.email ? "truncate-cell" : "subtle-cell"} title={user.email ?? undefined}>
        {user.email ?? t("users.noEmail")}
      </td>
      <td>{t(`role.${user.role === "ADMIN" ? "ADMIN" : "USER"}`)}</td>
      <td>
        <UserStatusBadge enabled={user.enabled} />
      </td>
      <td>{t(`level.${user.levelName}`)}</td>
      <td className="numeric" title={formatNumber(user.xp)}>
        {format.abbreviate(user.xp)}
      </td>
      <td className="numeric" title={formatNumber(user.balance)}>
        {format.abbreviate(user.balance)}
      </td>
      <td title={format.dateTime(user.createdAt)}>{format.ago(user.createdAt)}</td>
    </tr>
  );
}
