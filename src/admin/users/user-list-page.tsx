import type { UserListItem } from "../../shared/users-api.ts";
import { useFormatters } from "../format/use-formatters.ts";
import type { Translator } from "../i18n/intl.ts";
import { useT } from "../i18n/intl.ts";
import { useDocumentTitle } from "../shell/layout/page-heading.tsx";
import type { CsvColumn } from "../shell/list/csv-export.ts";
import { ClipText, linkColumn } from "../shell/list/list-clip.tsx";
import { yesNo } from "../shell/list/list-export.tsx";
import { type ListColumn, ListPageView } from "../shell/list/list-page.tsx";
import { useListPage, useRowSelection } from "../shell/list/use-list-page.ts";
import { BulkActionBar } from "./bulk-action-bar.tsx";
import { userFilters } from "./user-filters.tsx";
import { userListUrl } from "./user-list-query.ts";
import { usersPath } from "./user-paths.ts";
import { UserStatusBadge } from "./user-status-badge.tsx";
import { usersApi } from "./users-api.ts";

/** The CSV file's columns: figures whole (not abbreviated), dates in ISO 8601. */
const csvColumns = (tr: Translator): CsvColumn<UserListItem>[] => [
  { header: tr.t("user.field.name"), value: (user) => user.name },
  { header: tr.t("user.field.email"), value: (user) => user.email },
  {
    header: tr.t("user.field.role"),
    value: (user) => tr.t(`role.${user.role === "ADMIN" ? "ADMIN" : "USER"}`),
  },
  {
    header: tr.t("user.field.status"),
    value: (user) => tr.t(user.enabled ? "status.enabled" : "status.banned"),
  },
  { header: tr.t("user.field.emailVerified"), value: (user) => yesNo(tr, user.emailVerified) },
  { header: tr.t("user.field.mfa"), value: (user) => yesNo(tr, user.mfaEnabled) },
  { header: tr.t("user.field.newsletter"), value: (user) => yesNo(tr, user.newsletter) },
  { header: tr.t("user.field.level"), value: (user) => user.level },
  { header: tr.t("user.field.levelName"), value: (user) => tr.t(`level.${user.levelName}`) },
  { header: tr.t("user.field.xp"), value: (user) => user.xp },
  { header: tr.t("user.field.balance"), value: (user) => user.balance },
  { header: tr.t("user.field.createdAt"), value: (user) => user.createdAt },
  { header: tr.t("user.field.lastLoginAt"), value: (user) => user.lastLoginAt },
];

/**
 * `/dashboard/users` (spec §2 Users): search, filters, sorting and pages, all kept in the URL. A row: a
 * checkbox for the bulk bar, the nickname linking to the detail, and the figures abbreviated; long
 * nicknames and e-mail addresses are cut to the column, whole on hover and focus.
 */
export default function UserListPage() {
  const { t, formatNumber } = useT();
  const format = useFormatters();
  useDocumentTitle(t("users.title"));
  const list = useListPage({ path: usersPath, url: userListUrl, load: usersApi.list });
  const selection = useRowSelection(list.search);

  const columns: ListColumn<UserListItem, typeof list.query.sort.field>[] = [
    linkColumn(
      "users.column.name",
      (user) => `/dashboard/users/${encodeURIComponent(user.id)}`,
      (user) => user.name,
      { sort: "name", width: 30 },
    ),
    {
      label: "users.column.email",
      sort: "email",
      className: (user) => (user.email ? "fluid-cell fluid-70" : "fluid-cell fluid-70 subtle-cell"),
      testId: "user-email",
      cell: (user) =>
        user.email ? <ClipText text={user.email} className="email-text" /> : t("users.noEmail"),
    },
    { label: "users.column.role", cell: (user) => t(`role.${user.role === "ADMIN" ? "ADMIN" : "USER"}`) },
    { label: "users.column.status", cell: (user) => <UserStatusBadge enabled={user.enabled} /> },
    { label: "users.column.level", cell: (user) => t(`level.${user.levelName}`) },
    {
      label: "users.column.xp",
      sort: "xp",
      numeric: true,
      title: (user) => formatNumber(user.xp),
      cell: (user) => format.abbreviate(user.xp),
    },
    {
      label: "users.column.balance",
      sort: "balance",
      numeric: true,
      title: (user) => formatNumber(user.balance),
      cell: (user) => format.abbreviate(user.balance),
    },
    { label: "users.column.created", sort: "createdAt", date: (user) => user.createdAt },
  ];

  return (
    <ListPageView
      names={{ messages: "users", item: "user" }}
      actions={{ exportCsv: { name: "users", fetchPage: list.fetchPage, columns: csvColumns } }}
      list={list}
      resource={list.resource}
      filters={userFilters}
      filterTexts={{ legend: "users.filters", reset: "users.filter.reset" }}
      above={
        <BulkActionBar
          ids={[...selection.selected]}
          onClear={selection.clear}
          onDone={() => {
            selection.clear();
            list.reload();
          }}
        />
      }
      texts={{ retry: "users.retry" }}
      columns={columns}
      select={{
        selection,
        allLabel: "users.column.selectAll",
        rowLabel: (user) => t("users.column.select", { name: user.name }),
      }}
    />
  );
}
