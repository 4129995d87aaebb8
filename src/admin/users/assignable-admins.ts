import type { ListPage } from "../../shared/list-page-api.ts";
import type { UserListItem } from "../../shared/users-api.ts";
import { api } from "../api/api-client.ts";
import { sharedRequest } from "../api/shared-request.ts";

/**
 * Who reports and conversations can be given to: the admins, by name (a handful; one page is all).
 * One request for the screens that ask at once (a report's assignee select and its note mentions).
 */
export const assignableAdmins = sharedRequest(() =>
  api<ListPage<UserListItem>>("/api/users?role=ADMIN&pageSize=100&sort=name"),
);
