import { useCallback, useEffect, useState } from "react";
import type { UserSortField } from "../../shared/users-schemas.ts";
import { useResource } from "../api/use-resource.ts";
import { useT } from "../i18n/intl.ts";
import { ListStatus } from "../shell/list-status.tsx";
import { Pagination } from "../shell/pagination.tsx";
import { SearchBox } from "../shell/search-box.tsx";
import { BulkActionBar } from "./bulk-action-bar.tsx";
import { useUserListQuery } from "./use-user-list-query.ts";
import { UserFilters } from "./user-filters.tsx";
import {
  changeUserListQuery,
  defaultUserListQuery,
  toggleSort,
  type UserListQuery,
  userListSearch,
  userPageSizes,
} from "./user-list-query.ts";
import { UserTable } from "./user-table.tsx";
import { usersApi } from "./users-api.ts";

/** `/dashboard/users` (spec §2 Users): search, filters, sorting and pages, all kept in the URL. */
export default function UserListPage() {
  const { t } = useT();
  const [query, setQuery] = useUserListQuery();
  const key = userListSearch(query);
  const { resource, reload } = useResource(() => usersApi.list(query), key);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());

  // A new search, filter, sort or page shows other users: the selection would act on unseen rows.
  // biome-ignore lint/correctness/useExhaustiveDependencies: cleared whenever the list's query changes.
  useEffect(() => setSelected(new Set()), [key]);

  const change = (next: Partial<UserListQuery>) => setQuery(changeUserListQuery(query, next));
  const onSearch = useCallback(
    (q: string, typing: boolean) => setQuery(changeUserListQuery(query, { q }), typing),
    [query, setQuery],
  );
  const select = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <section aria-labelledby="users-title">
      <header className="page-header">
        <h1 id="users-title">{t("users.title")}</h1>
        <p className="subtle">{t("users.subtitle")}</p>
      </header>
      <div className="list-toolbar">
        <SearchBox
          id="user-search"
          label="users.search"
          placeholder="users.searchPlaceholder"
          value={query.q}
          onSearch={onSearch}
        />
        <UserFilters query={query} onChange={change} onReset={() => setQuery(defaultUserListQuery)} />
      </div>
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
              sort={query.sort}
              onSort={(field: UserSortField) => setQuery(toggleSort(query, field))}
              selected={selected}
              onSelect={select}
              onSelectAll={(on) => setSelected(on ? new Set(data.items.map((user) => user.id)) : new Set())}
            />
            <Pagination
              page={query.page}
              pageSize={query.pageSize}
              total={data.total}
              pageSizes={userPageSizes}
              onPage={(page) => change({ page })}
              onPageSize={(pageSize) => change({ pageSize })}
            />
          </>
        )}
      </ListStatus>
    </section>
  );
}
