import { requestPath } from "../http/request-path.ts";
import type { MetricsRegistry } from "./metrics-registry.ts";
import { exposition } from "./prometheus-text.ts";

export const metricsPath = "/metrics";

/**
 * The handler of the metrics listener (METRICS_PORT): `GET /metrics` in Prometheus's text format,
 * anything else 404. It has a port of its own, bound to METRICS_HOST (loopback by default), so the
 * figures are never on the public origins, where `/metrics` is a 404 like any unknown path.
 */
export function metricsHandler(registry: MetricsRegistry): (request: Request) => Promise<Response> {
  return async (request) => {
    if (requestPath(request.url) !== metricsPath) return new Response("Not found\n", { status: 404 });
    if (request.method !== "GET" && request.method !== "HEAD")
      return new Response(`${request.method} is not allowed on ${metricsPath}\n`, {
        status: 405,
        headers: { Allow: "GET, HEAD" },
      });
    const body = await registry.expose();
    return new Response(request.method === "HEAD" ? null : body, {
      headers: { "Content-Type": exposition.contentType, "Cache-Control": "no-store" },
    });
  };
}
