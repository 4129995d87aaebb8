import { declaredLength } from "../http/report-body.ts";
import type { RequestObserver } from "../http/request-log.ts";
import type { Counter, Histogram, MetricsRegistry } from "./metrics-registry.ts";
import { labelOfAnswer, type RouteLabeler } from "./route-labels.ts";

/** Seconds: from a ping's millisecond to a slow report's seconds (Prometheus's defaults, finer below 5 ms). */
export const requestDurationBuckets = [
  0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
];

/** Methods a route may name; anything else a client sends is counted as `other`. */
const knownMethods = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** The routes that take visitors' bytes, by the kind the byte counter names them. */
const byteKinds = new Map([
  ["/api/widget/bugs/v2", "report"],
  ["/api/widget/uploads/sdk", "upload"],
]);

interface MethodSeries {
  duration: Histogram;
  byStatus: Map<number, Counter>;
}

interface RouteSeries {
  byMethod: Map<string, MethodSeries>;
  /** The byte counters of a route that takes reports or uploads. */
  bytes: { accepted: Counter; refused: Counter } | null;
}

export type HttpMetrics = ReturnType<typeof createHttpMetrics>;

/**
 * Requests by route, method and status, their durations, and the bytes of reports and uploads taken
 * or refused. The series of a route, method and status are looked up once and kept: after a route's
 * first answer of a kind, recording one is a few map reads and field updates, with nothing allocated.
 */
export function createHttpMetrics(registry: MetricsRegistry) {
  const requests = registry.counter({
    name: "gleam_http_requests_total",
    help: "HTTP requests answered, by origin, route pattern, method and status (101: a websocket upgrade).",
    labelNames: ["origin", "route", "method", "status"],
    maxSeries: 3000,
  });
  const durations = registry.histogram({
    name: "gleam_http_request_duration_seconds",
    help: "Time from a request's arrival to its answer's headers, by origin, route pattern and method.",
    labelNames: ["origin", "route", "method"],
    buckets: requestDurationBuckets,
    maxSeries: 1000,
  });
  const reportBytes = registry.counter({
    name: "gleam_report_bytes_total",
    help: "Body bytes of widget reports and uploads (by Content-Length), accepted (2xx) or refused.",
    labelNames: ["kind", "outcome"],
  });

  // Made at start, so a rate over them has a series before the first report arrives.
  for (const kind of byteKinds.values())
    for (const outcome of ["accepted", "refused"]) reportBytes.labels(kind, outcome);

  function routeSeries(label: string): RouteSeries {
    const kind = byteKinds.get(label);
    return {
      byMethod: new Map(),
      bytes: kind
        ? { accepted: reportBytes.labels(kind, "accepted"), refused: reportBytes.labels(kind, "refused") }
        : null,
    };
  }

  return {
    /** The request observer of one origin (request-log.ts), labelling routes with `labeler`. */
    observerFor(origin: string, labeler: RouteLabeler): RequestObserver {
      const routes = new Map<string, RouteSeries>();
      return (request, path, status, seconds) => {
        const label = labelOfAnswer(labeler(request.method, path), status);
        let route = routes.get(label);
        if (!route) {
          route = routeSeries(label);
          routes.set(label, route);
        }
        const method = knownMethods.has(request.method) ? request.method : "other";
        let series = route.byMethod.get(method);
        if (!series) {
          series = { duration: durations.labels(origin, label, method), byStatus: new Map() };
          route.byMethod.set(method, series);
        }
        let counter = series.byStatus.get(status);
        if (!counter) {
          counter = requests.labels(origin, label, method, String(status));
          series.byStatus.set(status, counter);
        }
        counter.inc();
        series.duration.observe(seconds);
        if (route.bytes) {
          const bytes = declaredLength(request) ?? 0;
          (status >= 200 && status < 300 ? route.bytes.accepted : route.bytes.refused).inc(bytes);
        }
      };
    },
  };
}
