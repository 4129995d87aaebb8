import { jsonError } from "../../http/json-response.ts";
import type { WidgetLookupCache } from "../widget-lookup-cache.ts";
import type { WidgetContext } from "../widget-route.ts";
import type { WidgetAuthentication } from "./authentication.ts";
import { widgetOriginAllowed } from "./cors.ts";
import { limitRefusal, type WidgetLimiters } from "./rate-limits.ts";

export interface SocketSessionDeps {
  limiters: Pick<WidgetLimiters, "perIp">;
  authentication: Pick<WidgetAuthentication, "sessionFromRequest">;
  lookups: Pick<WidgetLookupCache, "projectBySdkKey">;
  /** This server's messenger origin, which every project lets in. */
  messengerOrigin?: () => string;
}

/**
 * The session a websocket upgrade names (its headers or `gleapId`/`gleapHash`, with the project's
 * `apiKey` in the query), or a 401/403/429 answer.
 */
export function authenticateSocketSession({
  limiters,
  authentication,
  lookups,
  messengerOrigin,
}: SocketSessionDeps): (request: Request, url: URL, ip: string) => Promise<WidgetContext | Response> {
  return async (request, url, ip) => {
    const refused = await limitRefusal(limiters.perIp, ip);
    if (refused) return refused;
    const session = await authentication.sessionFromRequest(request, () => url);
    if (session instanceof Response) return session;
    const project = await lookups.projectBySdkKey(url.searchParams.get("apiKey") ?? "");
    if (!project || project.id !== session.projectId) return jsonError(401, "Unknown SDK key");
    if (!widgetOriginAllowed(project, request.headers.get("origin"), messengerOrigin))
      return jsonError(403, "Origin not allowed");
    return { request, url, params: {}, ip, project, session };
  };
}
