import type { ListPage } from "../../shared/list-page-api.ts";
import type {
  BanKind,
  BulkUserAction,
  BulkUserResult,
  CoinsRequest,
  CoinsResult,
  SetBanRequest,
  UpdateUserRequest,
  UserDetail,
  UserListItem,
} from "../../shared/users-api.ts";
import { api } from "../api/api-client.ts";
import { type UserListQuery, userListApiParams } from "./user-list-query.ts";

const userPath = (id: string) => `/api/users/${encodeURIComponent(id)}`;

/** The admin's calls to `/api/users…` (docs/platform-api.md, users row). */
export const usersApi = {
  list: (query: UserListQuery) => api<ListPage<UserListItem>>(`/api/users?${userListApiParams(query)}`),
  get: (id: string) => api<UserDetail>(userPath(id)),
  ban: (id: string) => api<UserDetail>(`${userPath(id)}/ban`, { method: "POST" }),
  enable: (id: string) => api<UserDetail>(`${userPath(id)}/enable`, { method: "POST" }),
  /** Nickname, e-mail and role; the answer is the whole detail again. */
  update: (id: string, body: UpdateUserRequest) => api<UserDetail>(userPath(id), { method: "PATCH", body }),
  remove: (id: string) => api<void>(userPath(id), { method: "DELETE" }),
  /** A positive amount credits, a negative one debits (never below zero: `Not enough coins`). */
  adjustCoins: (id: string, body: CoinsRequest) =>
    api<CoinsResult>(`${userPath(id)}/coins`, { method: "POST", body }),
  bulk: (ids: string[], action: BulkUserAction) =>
    api<BulkUserResult>("/api/users/bulk", { method: "POST", body: { ids, action } }),
  setBan: (id: string, kind: BanKind, body: SetBanRequest) =>
    api<unknown>(`${userPath(id)}/bans/${kind}`, { method: "PUT", body }),
  liftBan: (id: string, kind: BanKind) => api<void>(`${userPath(id)}/bans/${kind}`, { method: "DELETE" }),
};
