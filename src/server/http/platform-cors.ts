/**
 * The platform API serves the admin on its own origin and needs no CORS, with one exception: the tours
 * and tooltips builder is a frame app on this server's messenger origin, and it saves what the admin
 * builds through `/api/projects/{p}/outbounds/{id}` and `/tooltips/{id}` with a bearer token. That origin,
 * and only for reading and saving one such item, may call cross-origin. Bearer tokens travel in a header, never as cookies, so no credentials
 * are allowed and no other site gains anything from the rule.
 */

// One tour (an outbound) or one tooltip, read and saved: all the builder does. Settings (with the
// identity secret), conversations and every other project path stay same-origin.
const builderPaths = /^\/api\/projects\/[^/]+\/(outbounds|tooltips)\/[^/]+$/;
const builderMethods = new Set(["GET", "PUT"]);

export const platformCorsMethods = "GET, PUT, OPTIONS";
export const platformCorsHeaders = "authorization, content-type";

/** The origin to allow for this request, or null when it gets no CORS headers. */
export function allowedPlatformOrigin(
  request: Request,
  path: string,
  messengerOrigin: string,
): string | null {
  const origin = request.headers.get("origin");
  if (!origin || origin !== messengerOrigin || !builderPaths.test(path)) return null;
  const method =
    request.method === "OPTIONS" ? request.headers.get("access-control-request-method") : request.method;
  return method && builderMethods.has(method.toUpperCase()) ? origin : null;
}

/** The answer to the messenger origin's preflight. */
export function platformPreflight(origin: string): Response {
  return new Response(null, {
    status: 204,
    headers: {
      "Access-Control-Allow-Origin": origin,
      "Access-Control-Allow-Methods": platformCorsMethods,
      "Access-Control-Allow-Headers": platformCorsHeaders,
      "Access-Control-Max-Age": "600",
      Vary: "Origin",
    },
  });
}

export function withPlatformCors(response: Response, origin: string): Response {
  response.headers.set("Access-Control-Allow-Origin", origin);
  response.headers.append("Vary", "Origin");
  return response;
}

/** `http://host:port/` → `http://host:port`: what a browser sends as `Origin`. */
export function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return "";
  }
}
