import type { ListPage } from "../../shared/list-page-api.ts";
import type { UserListItem } from "../../shared/users-api.ts";
import { api } from "../api/api-client.ts";

/** Who reports and conversations can be given to: the admins, by name (a handful; one page is all). */
export const assignableAdmins = () =>
  api<ListPage<UserListItem>>("/api/users?role=ADMIN&pageSize=100&sort=name");
