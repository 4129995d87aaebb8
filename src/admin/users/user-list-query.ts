import { type UserRole, type UserSortField, userRoles, userSortFields } from "../../shared/users-schemas.ts";

/**
 * The user list's state as it lives in the URL query (`/dashboard/users?q=…&role=…`), so a reload or the
 * back button brings the same search, filters, sort and page back. Pure: string in, state out and back.
 */
export interface UserListQuery {
  q: string;
  role: UserRole | null;
  status: "enabled" | "banned" | null;
  emailVerified: boolean | null;
  mfa: boolean | null;
  sort: { field: UserSortField; direction: "asc" | "desc" };
  page: number;
  pageSize: number;
}

export const userPageSizes = [10, 25, 50, 100] as const;

export const defaultUserListQuery: UserListQuery = {
  q: "",
  role: null,
  status: null,
  emailVerified: null,
  mfa: null,
  sort: { field: "createdAt", direction: "desc" },
  page: 1,
  pageSize: 25,
};

const readFlag = (value: string | null) => (value === "true" ? true : value === "false" ? false : null);

function readSort(value: string | null): UserListQuery["sort"] {
  if (!value) return defaultUserListQuery.sort;
  const field = value.replace(/^-/, "");
  if (!(userSortFields as readonly string[]).includes(field)) return defaultUserListQuery.sort;
  return { field: field as UserSortField, direction: value.startsWith("-") ? "desc" : "asc" };
}

function readWhole(value: string | null, fallback: number, allowed?: readonly number[]): number {
  const number = Number(value);
  if (!value || !Number.isInteger(number) || number < 1) return fallback;
  return allowed && !allowed.includes(number) ? fallback : number;
}

/** Reads a query string (with or without `?`); unknown or invalid values fall back to the defaults. */
export function parseUserListQuery(search: string): UserListQuery {
  const params = new URLSearchParams(search);
  const role = params.get("role");
  const status = params.get("status");
  return {
    q: (params.get("q") ?? "").trim(),
    role: (userRoles as readonly string[]).includes(role ?? "") ? (role as UserRole) : null,
    status: status === "enabled" || status === "banned" ? status : null,
    emailVerified: readFlag(params.get("emailVerified")),
    mfa: readFlag(params.get("mfa")),
    sort: readSort(params.get("sort")),
    page: readWhole(params.get("page"), 1),
    pageSize: readWhole(params.get("pageSize"), defaultUserListQuery.pageSize, userPageSizes),
  };
}

const sortParam = ({ field, direction }: UserListQuery["sort"]) =>
  `${direction === "desc" ? "-" : ""}${field}`;

/** Every parameter, defaults included: what `GET /api/users` is asked. */
export function userListApiParams(query: UserListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.role) params.set("role", query.role);
  if (query.status) params.set("status", query.status);
  if (query.emailVerified !== null) params.set("emailVerified", String(query.emailVerified));
  if (query.mfa !== null) params.set("mfa", String(query.mfa));
  params.set("sort", sortParam(query.sort));
  params.set("page", String(query.page));
  params.set("pageSize", String(query.pageSize));
  return params;
}

/** The browser's query string: defaults left out, so a plain list stays `/dashboard/users`. */
export function userListSearch(query: UserListQuery): string {
  const params = userListApiParams(query);
  const defaults = userListApiParams(defaultUserListQuery);
  for (const name of ["sort", "page", "pageSize"]) {
    if (params.get(name) === defaults.get(name)) params.delete(name);
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

/**
 * A change to the list: any change but the page itself starts again on page 1, since the old page number
 * means nothing under a new search, filter, sort or page size.
 */
export function changeUserListQuery(query: UserListQuery, change: Partial<UserListQuery>): UserListQuery {
  const next = { ...query, ...change };
  if (!("page" in change)) next.page = 1;
  return next;
}

/** A click on a column header: the same column flips its direction, a new one starts ascending. */
export function toggleSort(query: UserListQuery, field: UserSortField): UserListQuery {
  const direction = query.sort.field === field ? (query.sort.direction === "asc" ? "desc" : "asc") : "asc";
  return changeUserListQuery(query, { sort: { field, direction } });
}
