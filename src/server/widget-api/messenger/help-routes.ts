import { helpSearchLimits } from "../../../shared/help-center-api.ts";
import {
  findLiveArticle,
  findLiveCollection,
  listLiveCollections,
  listSearchableArticles,
} from "../../domain/help/help-repository.ts";
import { searchArticles } from "../../domain/help/help-search.ts";
import { json, jsonError } from "../../http/json-response.ts";
import { contentLanguageOf as languageOf } from "../request-language.ts";
import type { WidgetContext, WidgetRoute } from "../widget-api.ts";
import type { WidgetRouteDeps } from "../widget-route-deps.ts";

const base = "/api/widget/help";

/**
 * The help center as visitors see it: live articles only, and the collections that have some, in the
 * visitor's language where an article has it (English otherwise). An article is found by id or slug.
 */
export function helpRoutes({ sql }: WidgetRouteDeps): WidgetRoute[] {
  async function collections(context: WidgetContext): Promise<Response> {
    return json(await listLiveCollections(sql, context.project.id, languageOf(context)));
  }

  async function collection(context: WidgetContext): Promise<Response> {
    const id = context.params.id ?? "";
    const found = await findLiveCollection(sql, context.project.id, id, languageOf(context));
    return found ? json(found) : jsonError(404, `No help collection ${id}`);
  }

  async function article(context: WidgetContext): Promise<Response> {
    const id = context.params.id ?? "";
    const found = await findLiveArticle(sql, context.project.id, id, languageOf(context));
    return found ? json(found) : jsonError(404, `No help article ${id}`);
  }

  async function search(context: WidgetContext): Promise<Response> {
    const { project, url } = context;
    const query = (url.searchParams.get("q") ?? "").trim();
    if (query.length > helpSearchLimits.queryLength)
      return jsonError(400, `q must be at most ${helpSearchLimits.queryLength} characters`, "q");
    if (query === "") return json([]);
    return json(searchArticles(await listSearchableArticles(sql, project.id, languageOf(context)), query));
  }

  return [
    { method: "GET", pattern: `${base}/collections`, auth: "session", handle: collections },
    { method: "GET", pattern: `${base}/collections/:id`, auth: "session", handle: collection },
    { method: "GET", pattern: `${base}/articles/:id`, auth: "session", handle: article },
    { method: "GET", pattern: `${base}/search`, auth: "session", handle: search },
  ];
}
