import { originAllowedFor } from "../../domain/projects/allowed-origins.ts";
import type { WidgetProject } from "../../domain/projects/projects-repository.ts";

export const widgetCorsAllowHeaders = "api-token, content-type, gleap-id, gleap-hash, idempotency-key";

/**
 * A project with allowed origins only answers those; a request without Origin is not a browser's.
 * `messengerOrigin` is this server's messenger origin, which every project lets in.
 */
export function widgetOriginAllowed(
  project: WidgetProject,
  origin: string | null,
  messengerOrigin: (() => string) | undefined,
): boolean {
  return origin === null || originAllowedFor(project.allowedOrigins, origin, messengerOrigin?.() ?? null);
}

export function withWidgetCors(
  response: Response,
  project: WidgetProject | null,
  origin: string | null,
): Response {
  const restricted = project !== null && project.allowedOrigins.length > 0;
  response.headers.set("Access-Control-Allow-Origin", restricted && origin ? origin : "*");
  // A page script may read how long to wait after a 429.
  response.headers.set("Access-Control-Expose-Headers", "Retry-After");
  if (restricted) response.headers.append("Vary", "Origin");
  return response;
}

export function widgetPreflight(request: Request): Response {
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
