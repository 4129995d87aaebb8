import { helpSearchLimits } from "../../../shared/messenger-api.ts";
import {
  findLiveArticle,
  findLiveCollection,
  listLiveCollections,
  listSearchableArticles,
} from "../../domain/help/help-repository.ts";
import { searchArticles } from "../../domain/help/help-search.ts";
import { json, jsonError } from "../../http/json-response.ts";
import type { WidgetContext, WidgetRoute } from "../widget-api.ts";
import type { WidgetRouteDeps } from "../widget-route-deps.ts";

const base = "/api/widget/help";

/** The help center as visitors see it: live articles only, and the collections that have some. */
export function helpRoutes({ sql }: WidgetRouteDeps): WidgetRoute[] {
  async function collections({ project }: WidgetContext): Promise<Response> {
    return json(await listLiveCollections(sql, project.id));
  }

  async function collection({ project, params }: WidgetContext): Promise<Response> {
    const id = params.id ?? "";
    const found = await findLiveCollection(sql, project.id, id);
    return found ? json(found) : jsonError(404, `No help collection ${id}`);
  }

  async function article({ project, params }: WidgetContext): Promise<Response> {
    const id = params.id ?? "";
    const found = await findLiveArticle(sql, project.id, id);
    return found ? json(found) : jsonError(404, `No help article ${id}`);
  }

  async function search({ project, url }: WidgetContext): Promise<Response> {
    const query = (url.searchParams.get("q") ?? "").trim();
    if (query.length > helpSearchLimits.queryLength)
      return jsonError(400, `q must be at most ${helpSearchLimits.queryLength} characters`, "q");
    if (query === "") return json([]);
    return json(searchArticles(await listSearchableArticles(sql, project.id), query));
  }

  return [
    { method: "GET", pattern: `${base}/collections`, auth: "session", handle: collections },
    { method: "GET", pattern: `${base}/collections/:id`, auth: "session", handle: collection },
    { method: "GET", pattern: `${base}/articles/:id`, auth: "session", handle: article },
    { method: "GET", pattern: `${base}/search`, auth: "session", handle: search },
  ];
}
