import { listConversationSearch } from "../../../domain/conversations/conversation-search.ts";
import {
  conversationSortColumns,
  listProjectConversations,
} from "../../../domain/conversations/conversations-repository.ts";
import { readListQuery } from "../../../http/list-query.ts";
import type { PlatformDeps } from "../../platform-deps.ts";
import type { AdminHandler } from "../../platform-request.ts";
import { json, jsonError } from "../../platform-request.ts";
import { searchParamProblem } from "../../search-param.ts";
import { unknownProject } from "../projects-routes.ts";

/** `GET …/conversations`: a page of the project's conversations, by `status`, sorted or searched. */
export function handleConversationList({ sql }: Pick<PlatformDeps, "sql">): AdminHandler {
  return async (request, params) => {
    const projectId = params.projectId ?? "";
    const missing = await unknownProject(sql, projectId);
    if (missing) return missing;
    const query = readListQuery(new URL(request.url), conversationSortColumns, "-updatedAt");
    if (query instanceof Response) return query;
    const status = query.params.get("status");
    if (status && status !== "open" && status !== "closed")
      return jsonError(400, "status must be open or closed", "status");
    const badSearch = searchParamProblem(query.params);
    if (badSearch) return badSearch;
    // A search ranks its matches (conversation-search.ts); the plain list walks its sort order.
    if (query.search) {
      const found = await listConversationSearch(sql, projectId, query);
      return json({ ...found, page: query.page, pageSize: query.pageSize });
    }
    const { items, total } = await listProjectConversations(sql, projectId, query);
    return json({ items, total, page: query.page, pageSize: query.pageSize });
  };
}
