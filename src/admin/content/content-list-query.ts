import { choiceFilter, createListQuery } from "../shell/list/list-url.ts";
import { type ContentKind, outboundTypeOf } from "./content-kinds.ts";

export const contentStatuses = ["draft", "live"] as const;
export type ContentStatus = (typeof contentStatuses)[number];

/**
 * A content list's state in the URL (`/dashboard/content/{project}/banners?status=live&q=sale`): the
 * search, the status filter and the page. Newest first, as every content API lists by default.
 */
export const contentListUrl = createListQuery({
  sortFields: ["createdAt"] as const,
  defaultSort: { field: "createdAt", direction: "desc" },
  filters: { status: choiceFilter(contentStatuses) },
});
export type ContentListQuery = typeof contentListUrl.defaults;

/**
 * The list API's parameters for a kind. Outbounds are one collection, narrowed by `type`; their and
 * the tooltips' routes take no `sort` (the contract lists none), so it is left out there rather than
 * risking a 400 for an order they do not know.
 */
export function contentListApiParams(kind: ContentKind, query: ContentListQuery): URLSearchParams {
  const params = contentListUrl.apiParams(query);
  const type = outboundTypeOf[kind];
  if (type) params.set("type", type);
  if (type || kind === "tooltips") params.delete("sort");
  return params;
}
