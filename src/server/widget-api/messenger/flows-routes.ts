import { findLiveBot, widgetBot } from "../../domain/bots/bots-repository.ts";
import { findLiveFlow, widgetFlow } from "../../domain/flows/flows-repository.ts";
import { json, jsonError } from "../../http/json-response.ts";
import type { WidgetContext, WidgetRoute } from "../widget-api.ts";
import type { WidgetRouteDeps } from "../widget-route-deps.ts";

/** What a visitor starts: a feedback flow by key, a bot by id. Drafts read as missing. */
export function flowsRoutes({ sql }: WidgetRouteDeps): WidgetRoute[] {
  async function flow({ project, params }: WidgetContext): Promise<Response> {
    const key = params.flowKey ?? "";
    const found = await findLiveFlow(sql, project.id, key);
    return found ? json(widgetFlow(found)) : jsonError(404, `No live feedback flow ${key}`);
  }

  async function bot({ project, params }: WidgetContext): Promise<Response> {
    const id = params.botId ?? "";
    const found = await findLiveBot(sql, project.id, id);
    return found ? json(widgetBot(found)) : jsonError(404, `No live bot ${id}`);
  }

  return [
    { method: "GET", pattern: "/api/widget/flows/:flowKey", auth: "session", handle: flow },
    { method: "GET", pattern: "/api/widget/bots/:botId", auth: "session", handle: bot },
  ];
}
