import type {
  BanKind,
  BulkUserAction,
  BulkUserResult,
  SetBanRequest,
  UserDetail,
  UserListItem,
} from "../../shared/users-schemas.ts";
import { api } from "../api/api-client.ts";
import { type UserListQuery, userListApiParams } from "./user-list-query.ts";

/** The `{ items, total, page, pageSize }` answer of a platform list. */
export interface ListPage<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

const userPath = (id: string) => `/api/users/${encodeURIComponent(id)}`;

/** The admin's calls to `/api/users…` (README "Platform API", users row). */
export const usersApi = {
  list: (query: UserListQuery) => api<ListPage<UserListItem>>(`/api/users?${userListApiParams(query)}`),
  get: (id: string) => api<UserDetail>(userPath(id)),
  ban: (id: string) => api<UserDetail>(`${userPath(id)}/ban`, { method: "POST" }),
  enable: (id: string) => api<UserDetail>(`${userPath(id)}/enable`, { method: "POST" }),
  remove: (id: string) => api<void>(userPath(id), { method: "DELETE" }),
  bulk: (ids: string[], action: BulkUserAction) =>
    api<BulkUserResult>("/api/users/bulk", { method: "POST", body: { ids, action } }),
  setBan: (id: string, kind: BanKind, body: SetBanRequest) =>
    api<unknown>(`${userPath(id)}/bans/${kind}`, { method: "PUT", body }),
  liftBan: (id: string, kind: BanKind) => api<void>(`${userPath(id)}/bans/${kind}`, { method: "DELETE" }),
};
