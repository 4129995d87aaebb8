import { findLiveBot, widgetBot } from "../../domain/bots/bots-repository.ts";
import { localizedFlow } from "../../domain/flows/flow-language.ts";
import { findLiveFlow } from "../../domain/flows/flows-repository.ts";
import { json, jsonError } from "../../http/json-response.ts";
import { contentLanguageOf } from "../request-language.ts";
import type { WidgetContext, WidgetRoute } from "../widget-api.ts";
import type { WidgetRouteDeps } from "../widget-route-deps.ts";

/**
 * What a visitor starts: a feedback flow by key (in the visitor's language, flow-language.ts), a bot
 * by id. Drafts read as missing.
 */
export function flowsRoutes({ sql }: WidgetRouteDeps): WidgetRoute[] {
  async function flow(context: WidgetContext): Promise<Response> {
    const key = context.params.flowKey ?? "";
    const found = await findLiveFlow(sql, context.project.id, key);
    return found
      ? json(localizedFlow(found, contentLanguageOf(context)))
      : jsonError(404, `No live feedback flow ${key}`);
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
