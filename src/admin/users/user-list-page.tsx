import { useEffect, useState } from "react";
import type { UserListItem } from "../../shared/users-schemas.ts";
import { useResource } from "../api/use-resource.ts";
import type { Translator } from "../i18n/intl.ts";
import { useT } from "../i18n/intl.ts";
import { useDocumentTitle } from "../shell/layout/page-heading.tsx";
import type { CsvColumn } from "../shell/list/csv-export.ts";
import { ExportButton, yesNo } from "../shell/list/list-export.tsx";
import { ListHeader, ListPagination, ListToolbar } from "../shell/list/list-screen.tsx";
import { ListStatus } from "../shell/list/list-status.tsx";
import { useListQuery } from "../shell/list/use-list-query.ts";
import { BulkActionBar } from "./bulk-action-bar.tsx";
import { UserFilters } from "./user-filters.tsx";
import { userListUrl } from "./user-list-query.ts";
import { usersPath } from "./user-paths.ts";
import { UserTable } from "./user-table.tsx";
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

/** `/dashboard/users` (spec §2 Users): search, filters, sorting and pages, all kept in the URL. */
export default function UserListPage() {
  const { t } = useT();
  useDocumentTitle(t("users.title"));
  const list = useListQuery(usersPath, userListUrl);
  const { resource, reload } = useResource(() => usersApi.list(list.query), list.search);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());

  // A new search, filter, sort or page shows other users: the selection would act on unseen rows.
  // biome-ignore lint/correctness/useExhaustiveDependencies: cleared whenever the list's query changes.
  useEffect(() => setSelected(new Set()), [list.search]);

  const select = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <section aria-labelledby="users-title">
      <ListHeader
        id="users-title"
        title={t("users.title")}
        subtitle={t("users.subtitle")}
        actions={
          <ExportButton
            name="users"
            fetchPage={(page, pageSize) => usersApi.list({ ...list.query, page, pageSize })}
            columns={csvColumns}
          />
        }
      />
      <ListToolbar id="user-search" label="users.search" placeholder="users.searchPlaceholder" list={list}>
        <UserFilters
          query={list.query}
          onChange={list.change}
          onReset={() => list.setQuery(userListUrl.defaults)}
        />
      </ListToolbar>
      <BulkActionBar
        ids={[...selected]}
        onClear={() => setSelected(new Set())}
        onDone={() => {
          setSelected(new Set());
          reload();
        }}
      />
      <ListStatus
        resource={resource}
        texts={{
          loading: "users.loading",
          error: "users.error",
          retry: "users.retry",
          empty: "users.empty",
          emptyHint: "users.emptyHint",
          count: "users.count",
        }}
        onRetry={reload}
      >
        {(data) => (
          <>
            <UserTable
              users={data.items}
              sort={list.sortProps.sort}
              onSort={list.sortProps.onSort}
              selected={selected}
              onSelect={select}
              onSelectAll={(on) => setSelected(on ? new Set(data.items.map((user) => user.id)) : new Set())}
            />
            <ListPagination list={list} total={data.total} />
          </>
        )}
      </ListStatus>
    </section>
  );
}
