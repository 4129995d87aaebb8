import { Link } from "wouter";
import type { UserListItem } from "../../shared/users-schemas.ts";
import { useFormatters } from "../format/use-formatters.ts";
import { useT } from "../i18n/intl.ts";
import { ClipText } from "../shell/list/list-clip.tsx";
import { UserStatusBadge } from "./user-status-badge.tsx";

/**
 * One user of the list: checkbox, nickname linking to the detail, and the figures abbreviated. Each cell
 * names its column (`data-label`) for the card layout of narrow screens; long nicknames and e-mail
 * addresses are cut to the column, whole on hover and focus.
 */
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
      <td className="fluid-cell fluid-30 primary-cell">
        <Link
          href={`/dashboard/users/${encodeURIComponent(user.id)}`}
          className="table-link clip"
          title={user.name}
        >
          {user.name}
        </Link>
      </td>
      <td
        className={user.email ? "fluid-cell fluid-70" : "fluid-cell fluid-70 subtle-cell"}
        data-label={t("users.column.email")}
        data-testid="user-email"
      >
        {user.email ? <ClipText text={user.email} className="email-text" /> : t("users.noEmail")}
      </td>
      <td data-label={t("users.column.role")}>{t(`role.${user.role === "ADMIN" ? "ADMIN" : "USER"}`)}</td>
      <td data-label={t("users.column.status")}>
        <UserStatusBadge enabled={user.enabled} />
      </td>
      <td data-label={t("users.column.level")}>{t(`level.${user.levelName}`)}</td>
      <td className="numeric" title={formatNumber(user.xp)} data-label={t("users.column.xp")}>
        {format.abbreviate(user.xp)}
      </td>
      <td className="numeric" title={formatNumber(user.balance)} data-label={t("users.column.balance")}>
        {format.abbreviate(user.balance)}
      </td>
      <td title={format.dateTime(user.createdAt)} data-label={t("users.column.created")}>
        {format.ago(user.createdAt)}
      </td>
    </tr>
  );
}
