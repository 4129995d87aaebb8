import { useEffect, useState } from "react";
import { useResource } from "../api/use-resource.ts";
import { useT } from "../i18n/intl.ts";
import { ListHeader, ListPagination, ListToolbar } from "../shell/list-screen.tsx";
import { ListStatus } from "../shell/list-status.tsx";
import { useListQuery } from "../shell/use-list-query.ts";
import { BulkActionBar } from "./bulk-action-bar.tsx";
import { UserFilters } from "./user-filters.tsx";
import { userListUrl } from "./user-list-query.ts";
import { usersPath } from "./user-paths.ts";
import { UserTable } from "./user-table.tsx";
import { usersApi } from "./users-api.ts";

/** `/dashboard/users` (spec §2 Users): search, filters, sorting and pages, all kept in the URL. */
export default function UserListPage() {
  const { t } = useT();
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
      <ListHeader id="users-title" title={t("users.title")} subtitle={t("users.subtitle")} />
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
