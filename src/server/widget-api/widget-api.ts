import type { SQL } from "bun";
import { originAllowedFor } from "../domain/projects/allowed-origins.ts";
import type { WidgetProject } from "../domain/projects/projects-repository.ts";
import { createSessionHashVerifier } from "../domain/sessions/session-hash.ts";
import { findSessionById, type StoredSession } from "../domain/sessions/sessions-repository.ts";
import { diskFullAnswer, isOutOfSpace } from "../http/disk-full-guard.ts";
import { jsonError } from "../http/json-response.ts";
import { requestPath } from "../http/request-path.ts";
import { createRouter, type Method } from "../http/router.ts";
import { createRateLimiter, type RateDecision, type RateLimit, type RateLimiter } from "../rate-limiter.ts";
import { createWidgetLookupCache, type WidgetLookupCache } from "./widget-lookup-cache.ts";

/**
 * How a route knows who calls it:
 * - `project`: the `Api-Token` header names the project;
 * - `project-path`: the `:sdkKey` path segment does (config, fetched without headers);
 * - `session`: `Gleap-Id`/`Gleap-Hash` headers (or `gleapId`/`gleapHash` query) name a session whose
 *   hash verifies; an `Api-Token`, when sent, must name the session's project;
 * - `project-optional-session`: `Api-Token`, plus a session when session headers are sent (a wrong
 *   hash is still a 401).
 */
export type WidgetAuth = "project" | "project-path" | "session" | "project-optional-session";

export interface WidgetContext {
  request: Request;
  url: URL;
  params: Record<string, string>;
  ip: string;
  project: WidgetProject;
  /** Set for `session` routes. */
  session: StoredSession | null;
}

export interface WidgetRoute {
  method: Method;
  pattern: string;
  auth: WidgetAuth;
  /**
   * The session may come from the lookup cache: the route relies only on its id and project (which
   * never change) and reads or writes the rest itself (the ping).
   */
  sessionFromCache?: boolean;
  handle(context: WidgetContext): Promise<Response> | Response;
}

export interface WidgetRateLimits {
  /** Every widget request, per client IP. */
  perIp: RateLimit;
  /** Requests that carry a session, per session. */
  perSession: RateLimit;
  /** Session starts, per client IP: each one writes a row. */
  sessionStartsPerIp: RateLimit;
}

export const defaultWidgetRateLimits: WidgetRateLimits = {
  perIp: { limit: 1200, windowMs: 60_000 },
  perSession: { limit: 300, windowMs: 60_000 },
  sessionStartsPerIp: { limit: 60, windowMs: 60_000 },
};

const unlimited: RateLimit = { limit: Number.POSITIVE_INFINITY, windowMs: 60_000 };
export const noWidgetRateLimits: WidgetRateLimits = {
  perIp: unlimited,
  perSession: unlimited,
  sessionStartsPerIp: unlimited,
};

export const widgetCorsAllowHeaders = "api-token, content-type, gleap-id, gleap-hash, idempotency-key";

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

/** The Gleap-compatible API under `/api/widget`: CORS, rate limits and authentication, then routes. */
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
  const verifySessionHash = createSessionHashVerifier(sessionSecret);
  const limiters: Record<keyof WidgetRateLimits, RateLimiter> = {
    perIp: rateLimiter("perIp", limits.perIp),
    perSession: rateLimiter("perSession", limits.perSession),
    sessionStartsPerIp: rateLimiter("sessionStartsPerIp", limits.sessionStartsPerIp),
  };

  const refusal = (decision: RateDecision): Response | null =>
    decision.allowed
      ? null
      : jsonError(429, "Too many requests, slow down", undefined, {
          headers: { "Retry-After": String(decision.retryAfterSeconds) },
        });

  /**
   * The limiter's answer; waited for only when it is Redis's. An in-memory decision is used as it is:
   * each `await` of a ready value is a turn of the microtask queue, and every request takes two.
   */
  function limited(limiter: RateLimiter, key: string): Response | null | Promise<Response | null> {
    const decision = limiter.take(key);
    return decision instanceof Promise ? decision.then(refusal) : refusal(decision);
  }

  async function sessionFromRequest(
    request: Request,
    url: () => URL,
    fromCache = false,
  ): Promise<StoredSession | Response> {
    const gleapId = request.headers.get("gleap-id") ?? url().searchParams.get("gleapId");
    const gleapHash = request.headers.get("gleap-hash") ?? url().searchParams.get("gleapHash");
    if (!gleapId || !gleapHash) return jsonError(401, "Missing Gleap-Id and Gleap-Hash");
    if (!verifySessionHash(gleapId, gleapHash)) return jsonError(401, "Invalid session");
    const session = fromCache ? await lookups.sessionById(gleapId) : await findSessionById(sql, gleapId);
    if (!session) return jsonError(401, "Invalid session");
    return session;
  }

  async function authenticate(
    route: WidgetRoute,
    request: Request,
    url: () => URL,
    params: Record<string, string>,
  ): Promise<{ project: WidgetProject; session: StoredSession | null } | Response> {
    const sdkKey = request.headers.get("api-token")?.trim() || null;
    if (route.auth === "project-path") {
      const project = await lookups.projectBySdkKey(params.sdkKey ?? "");
      return project ? { project, session: null } : jsonError(401, "Unknown SDK key");
    }
    const sessionSent = request.headers.has("gleap-id") || request.headers.has("gleap-hash");
    if (route.auth === "project" || (route.auth === "project-optional-session" && !sessionSent)) {
      if (!sdkKey) return jsonError(401, "Missing Api-Token header");
      const project = await lookups.projectBySdkKey(sdkKey);
      return project ? { project, session: null } : jsonError(401, "Unknown SDK key");
    }
    if (route.auth === "project-optional-session" && !sdkKey)
      return jsonError(401, "Missing Api-Token header");
    const session = await sessionFromRequest(request, url, route.sessionFromCache);
    if (session instanceof Response) return session;
    const project = await lookups.projectById(session.projectId);
    if (!project || (sdkKey && sdkKey !== project.sdkKey)) {
      return jsonError(401, "Session belongs to another project");
    }
    return { project, session };
  }

  /** A project with allowed origins only answers those; a request without Origin is not a browser's. */
  function originAllowed(project: WidgetProject, origin: string | null): boolean {
    return origin === null || originAllowedFor(project.allowedOrigins, origin, messengerOrigin?.() ?? null);
  }

  function withCors(response: Response, project: WidgetProject | null, origin: string | null): Response {
    const restricted = project !== null && project.allowedOrigins.length > 0;
    response.headers.set("Access-Control-Allow-Origin", restricted && origin ? origin : "*");
    // A page script may read how long to wait after a 429.
    response.headers.set("Access-Control-Expose-Headers", "Retry-After");
    if (restricted) response.headers.append("Vary", "Origin");
    return response;
  }

  function preflight(request: Request): Response {
    // A preflight carries no Api-Token value, so it cannot know the project: it is let through, and
    // the real request is refused when its project does not allow the origin.
    return new Response(null, {
      status: 204,
      headers: {
        "Access-Control-Allow-Origin": request.headers.get("origin") ?? "*",
        "Access-Control-Allow-Methods": "GET, POST, PUT, OPTIONS",
        "Access-Control-Allow-Headers": widgetCorsAllowHeaders,
        "Access-Control-Max-Age": "86400",
        Vary: "Origin",
      },
    });
  }

  return {
    async handle(request, ip) {
      if (request.method === "OPTIONS") return preflight(request);
      const origin = request.headers.get("origin");
      const path = requestPath(request.url);
      // Parsed only when something reads the query (most requests carry everything in headers).
      let parsed: URL | null = null;
      const url = () => {
        parsed ??= new URL(request.url);
        return parsed;
      };
      const ipCheck = limited(limiters.perIp, ip);
      const refused = ipCheck instanceof Promise ? await ipCheck : ipCheck;
      if (refused) return withCors(refused, null, origin);
      const found = match(request.method, path);
      if (found.kind === "none") return withCors(jsonError(404, `No API endpoint at ${path}`), null, origin);
      if (found.kind === "wrong-method") {
        const allow = found.allowed.join(", ");
        return withCors(
          jsonError(405, `${request.method} is not allowed on ${path}`, undefined, {
            headers: { Allow: allow },
          }),
          null,
          origin,
        );
      }
      const route = found.handler;
      const auth = await authenticate(route, request, url, found.params);
      if (auth instanceof Response) return withCors(auth, null, origin);
      if (!originAllowed(auth.project, origin)) {
        return withCors(jsonError(403, `Origin ${origin} is not allowed for this project`), null, origin);
      }
      const sessionCheck = auth.session ? limited(limiters.perSession, auth.session.id) : null;
      const sessionRefused = sessionCheck instanceof Promise ? await sessionCheck : sessionCheck;
      if (sessionRefused) return withCors(sessionRefused, auth.project, origin);
      if (route.pattern === "/api/widget/sessions") {
        const startRefused = await limited(limiters.sessionStartsPerIp, ip);
        if (startRefused) return withCors(startRefused, auth.project, origin);
      }
      try {
        const context: WidgetContext = {
          request,
          get url() {
            return url();
          },
          params: found.params,
          ip,
          ...auth,
        };
        const response = await route.handle(context);
        return withCors(response, auth.project, origin);
      } catch (error) {
        // Without CORS headers the browser would hide this answer behind a network error.
        onError?.(error, request);
        const answer = isOutOfSpace(error)
          ? diskFullAnswer()
          : jsonError(500, "Something went wrong, please try again.");
        return withCors(answer, auth.project, origin);
      }
    },

    async authenticateSession(request, url, ip) {
      const refused = await limited(limiters.perIp, ip);
      if (refused) return refused;
      const session = await sessionFromRequest(request, () => url);
      if (session instanceof Response) return session;
      const project = await lookups.projectBySdkKey(url.searchParams.get("apiKey") ?? "");
      if (!project || project.id !== session.projectId) return jsonError(401, "Unknown SDK key");
      if (!originAllowed(project, request.headers.get("origin"))) return jsonError(403, "Origin not allowed");
      return { request, url, params: {}, ip, project, session };
    },

    sweep() {
      for (const limiter of Object.values(limiters)) limiter.sweep();
    },
  };
}
