import { diskFullAnswer, isOutOfSpace } from "../../http/disk-full-guard.ts";
import { jsonError } from "../../http/json-response.ts";
import { requestPath } from "../../http/request-path.ts";
import type { RouteMatch } from "../../http/router.ts";
import type { WidgetContext, WidgetRoute } from "../widget-route.ts";
import type { WidgetAuthentication, WidgetCaller } from "./authentication.ts";
import { widgetOriginAllowed, widgetPreflight, withWidgetCors } from "./cors.ts";
import { limitRefusal, type WidgetLimiters } from "./rate-limits.ts";

export interface WidgetRequestDeps {
  match: (method: string, path: string) => RouteMatch<WidgetRoute>;
  limiters: WidgetLimiters;
  authentication: WidgetAuthentication;
  /** This server's messenger origin, which every project lets in. */
  messengerOrigin?: () => string;
  /** Reports a route's unexpected failure; the client gets a 500 it can read (with CORS). */
  onError?: (error: unknown, request: Request) => void;
}

/** The 404 or 405 of a path no route answers with this method. */
function unrouted(request: Request, path: string, found: RouteMatch<WidgetRoute>): Response {
  if (found.kind !== "wrong-method") return jsonError(404, `No API endpoint at ${path}`);
  return jsonError(405, `${request.method} is not allowed on ${path}`, undefined, {
    headers: { Allow: found.allowed.join(", ") },
  });
}

/**
 * The per-session and session-start windows of an authenticated request: a 429, or null; waited for
 * only when a window is Redis's (see `limitRefusal`).
 */
function callerRefusal(
  { limiters }: Pick<WidgetRequestDeps, "limiters">,
  route: WidgetRoute,
  caller: WidgetCaller,
  ip: string,
): Response | null | Promise<Response | null> {
  const startRefusal = () =>
    route.pattern === "/api/widget/sessions" ? limitRefusal(limiters.sessionStartsPerIp, ip) : null;
  const sessionCheck = caller.session ? limitRefusal(limiters.perSession, caller.session.id) : null;
  if (sessionCheck instanceof Promise) return sessionCheck.then((refused) => refused ?? startRefusal());
  return sessionCheck ?? startRefusal();
}

/** Every widget API request: preflight, the per-IP window, routing, authentication, origin, then the route. */
export function handleWidgetRequest(
  deps: WidgetRequestDeps,
): (request: Request, ip: string) => Promise<Response> {
  const { match, limiters, authentication, messengerOrigin, onError } = deps;
  return async (request, ip) => {
    if (request.method === "OPTIONS") return widgetPreflight(request);
    const origin = request.headers.get("origin");
    const path = requestPath(request.url);
    // Parsed only when something reads the query (most requests carry everything in headers).
    let parsed: URL | null = null;
    const url = () => {
      parsed ??= new URL(request.url);
      return parsed;
    };
    const ipCheck = limitRefusal(limiters.perIp, ip);
    const refused = ipCheck instanceof Promise ? await ipCheck : ipCheck;
    if (refused) return withWidgetCors(refused, null, origin);
    const found = match(request.method, path);
    if (found.kind !== "found") return withWidgetCors(unrouted(request, path, found), null, origin);
    const route = found.handler;
    const caller = await authentication.authenticate(route, request, url, found.params);
    if (caller instanceof Response) return withWidgetCors(caller, null, origin);
    if (!widgetOriginAllowed(caller.project, origin, messengerOrigin)) {
      return withWidgetCors(jsonError(403, `Origin ${origin} is not allowed for this project`), null, origin);
    }
    const callerCheck = callerRefusal(deps, route, caller, ip);
    const callerRefused = callerCheck instanceof Promise ? await callerCheck : callerCheck;
    if (callerRefused) return withWidgetCors(callerRefused, caller.project, origin);
    try {
      const context: WidgetContext = {
        request,
        get url() {
          return url();
        },
        params: found.params,
        ip,
        ...caller,
      };
      return withWidgetCors(await route.handle(context), caller.project, origin);
    } catch (error) {
      // Without CORS headers the browser would hide this answer behind a network error.
      onError?.(error, request);
      const answer = isOutOfSpace(error)
        ? diskFullAnswer()
        : jsonError(500, "Something went wrong, please try again.");
      return withWidgetCors(answer, caller.project, origin);
    }
  };
}
