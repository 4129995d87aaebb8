import {
  type HelpLanguage,
  type HelpSearchPreview,
  helpLanguages,
  helpSearchLimits,
} from "../../../shared/help-center-api.ts";
import { listSearchableArticles } from "../../domain/help/help-repository.ts";
import { searchArticles } from "../../domain/help/help-search.ts";
import type { ApiRoute } from "../../http/api-route.ts";
import type { PlatformDeps } from "../platform-deps.ts";
import { json, jsonError } from "../platform-request.ts";
import { projectRoute } from "./projects-routes.ts";

/**
 * `GET /api/projects/{projectId}/help/search-preview?q=&lang=en|de&drafts=true|false`: what a visitor
 * searching for `q` in that language gets, ranked by the widget route's own function, so an author
 * sees the messenger's order before (`drafts=true`) and after publishing.
 */
export function helpSearchPreviewRoutes({ sql, guard }: PlatformDeps): ApiRoute[] {
  return [
    projectRoute(
      { sql, guard },
      "GET",
      "/api/projects/:projectId/help/search-preview",
      async (request, projectId) => {
        const url = new URL(request.url);
        const query = (url.searchParams.get("q") ?? "").trim();
        if (query.length > helpSearchLimits.queryLength)
          return jsonError(400, `q must be at most ${helpSearchLimits.queryLength} characters`, "q");
        const lang = url.searchParams.get("lang") ?? "en";
        if (!(helpLanguages as readonly string[]).includes(lang))
          return jsonError(400, `lang must be one of ${helpLanguages.join(", ")}`, "lang");
        const drafts = url.searchParams.get("drafts") ?? "false";
        if (drafts !== "true" && drafts !== "false")
          return jsonError(400, "drafts must be true or false", "drafts");
        const language = lang as HelpLanguage;
        const articles = await listSearchableArticles(sql, projectId, language, {
          drafts: drafts === "true",
        });
        const statuses = new Map(articles.map((article) => [article.id, article.status]));
        const preview: HelpSearchPreview = {
          language,
          results: searchArticles(articles, query).map((result) => ({
            ...result,
            status: statuses.get(result.id) ?? "live",
          })),
        };
        return json(preview);
      },
    ),
  ];
}
