import type { SQL } from "bun";
import { createRouter } from "../http/router.ts";
import { createRateLimiter, type RateLimit, type RateLimiter } from "../rate-limiter.ts";
import { authenticateSocketSession } from "./request-pipeline/authenticate-socket-session.ts";
import { createWidgetAuthentication } from "./request-pipeline/authentication.ts";
import { handleWidgetRequest } from "./request-pipeline/handle-request.ts";
import {
  createWidgetLimiters,
  defaultWidgetRateLimits,
  type WidgetRateLimits,
} from "./request-pipeline/rate-limits.ts";
import { createWidgetLookupCache, type WidgetLookupCache } from "./widget-lookup-cache.ts";
import type { WidgetContext, WidgetRoute } from "./widget-route.ts";

export { widgetCorsAllowHeaders } from "./request-pipeline/cors.ts";
export {
  defaultWidgetRateLimits,
  noWidgetRateLimits,
  type WidgetRateLimits,
} from "./request-pipeline/rate-limits.ts";
export type { WidgetAuth, WidgetContext, WidgetHandler, WidgetRoute } from "./widget-route.ts";

export interface WidgetApiDeps {
  sql: SQL;
  sessionSecret: string;
  limits?: WidgetRateLimits;
  /** Reports a route's unexpected failure; the client gets a 500 it can read (with CORS). */
  onError?: (error: unknown, request: Request) => void;
  /**
   * This server's messenger origin (known once it listens): the project's own frames call the widget
   * API from there, so a project's allowed origins never shut out its messenger.
   */
  messengerOrigin?: () => string;
  /**
   * Makes each of the limiters: in memory by default; the server passes Redis-backed ones when
   * REDIS_URL is set, so every process counts into the same windows.
   */
  rateLimiter?: (name: keyof WidgetRateLimits, rate: RateLimit) => RateLimiter;
  /** Projects, sessions and live content kept in memory; left out, a cache of its own. */
  lookups?: WidgetLookupCache;
}

export interface WidgetApi {
  handle(request: Request, ip: string): Promise<Response>;
  /** The session a websocket upgrade names, or a 401/403/429 answer. */
  authenticateSession(request: Request, url: URL, ip: string): Promise<WidgetContext | Response>;
  /** Drops expired rate-limit windows; the server calls it every minute. */
  sweep(): void;
}

/**
 * The Gleap-compatible API under `/api/widget`: CORS, rate limits and authentication, then routes
 * (each step in request-pipeline/).
 */
export function createWidgetApi(
  {
    sql,
    sessionSecret,
    limits = defaultWidgetRateLimits,
    onError,
    messengerOrigin,
    rateLimiter = (_, rate) => createRateLimiter(rate),
    lookups = createWidgetLookupCache(sql),
  }: WidgetApiDeps,
  routes: readonly WidgetRoute[],
): WidgetApi {
  const match = createRouter(
    routes.map((route) => ({ method: route.method, pattern: route.pattern, handler: route })),
  );
  const limiters = createWidgetLimiters(limits, rateLimiter);
  const authentication = createWidgetAuthentication({ sql, sessionSecret, lookups });
  return {
    handle: handleWidgetRequest({ match, limiters, authentication, messengerOrigin, onError }),
    authenticateSession: authenticateSocketSession({ limiters, authentication, lookups, messengerOrigin }),
    sweep() {
      for (const limiter of Object.values(limiters)) limiter.sweep();
    },
  };
}
