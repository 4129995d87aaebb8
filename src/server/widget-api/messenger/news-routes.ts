import { findLiveNews, listLiveNews } from "../../domain/news/news-repository.ts";
import { json, jsonError } from "../../http/json-response.ts";
import { contentLanguageOf } from "../request-language.ts";
import type { WidgetContext, WidgetRoute } from "../widget-api.ts";
import type { WidgetRouteDeps } from "../widget-route-deps.ts";

/** Live news posts, newest first, and one post with its body, in the visitor's language where written. */
export function newsRoutes({ sql }: WidgetRouteDeps): WidgetRoute[] {
  async function list(context: WidgetContext): Promise<Response> {
    return json(await listLiveNews(sql, context.project.id, { language: contentLanguageOf(context) }));
  }

  async function post(context: WidgetContext): Promise<Response> {
    const id = context.params.id ?? "";
    const found = await findLiveNews(sql, context.project.id, id, contentLanguageOf(context));
    return found ? json(found) : jsonError(404, `No news post ${id}`);
  }

  return [
    { method: "GET", pattern: "/api/widget/news", auth: "session", handle: list },
    { method: "GET", pattern: "/api/widget/news/:id", auth: "session", handle: post },
  ];
}
