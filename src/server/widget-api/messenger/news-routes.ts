import { findLiveNews, listLiveNews } from "../../domain/news/news-repository.ts";
import { json, jsonError } from "../../http/json-response.ts";
import type { WidgetContext, WidgetRoute } from "../widget-api.ts";
import type { WidgetRouteDeps } from "../widget-route-deps.ts";

/** Live news posts, newest first, and one post with its body. */
export function newsRoutes({ sql }: WidgetRouteDeps): WidgetRoute[] {
  async function list({ project }: WidgetContext): Promise<Response> {
    return json(await listLiveNews(sql, project.id));
  }

  async function post({ project, params }: WidgetContext): Promise<Response> {
    const id = params.id ?? "";
    const found = await findLiveNews(sql, project.id, id);
    return found ? json(found) : jsonError(404, `No news post ${id}`);
  }

  return [
    { method: "GET", pattern: "/api/widget/news", auth: "session", handle: list },
    { method: "GET", pattern: "/api/widget/news/:id", auth: "session", handle: post },
  ];
}
