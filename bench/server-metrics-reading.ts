/**
 * The server's own counts from its Prometheus endpoint (METRICS_PORT): how many requests of a route it
 * answered, and with what status, so a cost per request divides by what the server really did rather
 * than by what the load generator counted (wrk leaves its last requests unanswered when it stops).
 */

export interface Series {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text exposition (comments left out). */
export function parseExposition(text: string): Series[] {
  const series: Series[] = [];
  for (const line of text.split("\n")) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)$/.exec(line.trim());
    if (!match) continue;
    const labels: Record<string, string> = {};
    for (const pair of (match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g))
      labels[pair[1] as string] = pair[2] as string;
    series.push({ name: match[1] as string, labels, value: Number(match[3]) });
  }
  return series;
}

export interface RouteCounts {
  /** 2xx answers. */
  ok: number;
  /** Every other answer. */
  failed: number;
}

export interface ServerCounts {
  routes(route: string): RouteCounts;
  /** Pings written by grouped commits, and the number of those commits. */
  pingsCommitted: number;
  pingCommits: number;
  /** The seconds a histogram observed in all (its `_sum`), e.g. the time folds held the event loop. */
  secondsIn(name: string): number;
  /** A histogram's cumulative bucket counts by upper bound in seconds (`+Inf` as Infinity), ascending. */
  buckets(name: string): Array<[number, number]>;
}

/**
 * The upper bound (seconds) of the bucket holding quantile `q` of what a histogram observed between two
 * readings: "p99 ≤ 10 ms" read off the buckets; null when nothing was observed in between.
 */
export function quantileBound(
  before: ReadonlyArray<[number, number]>,
  after: ReadonlyArray<[number, number]>,
  q: number,
): number | null {
  const earlier = new Map(before);
  const deltas = after.map(([bound, count]) => [bound, count - (earlier.get(bound) ?? 0)] as const);
  const total = deltas.at(-1)?.[1] ?? 0;
  if (total <= 0) return null;
  return deltas.find(([, count]) => count >= q * total)?.[0] ?? Number.POSITIVE_INFINITY;
}

export async function readServerCounts(metricsUrl: string): Promise<ServerCounts> {
  const response = await fetch(metricsUrl);
  if (!response.ok) throw new Error(`${metricsUrl} answered ${response.status}`);
  const series = parseExposition(await response.text());
  const sum = (name: string) =>
    series.filter((sample) => sample.name === name).reduce((total, sample) => total + sample.value, 0);
  return {
    routes(route) {
      const counts = { ok: 0, failed: 0 };
      for (const sample of series) {
        if (sample.name !== "gleam_http_requests_total" || sample.labels.route !== route) continue;
        if (sample.labels.status?.startsWith("2")) counts.ok += sample.value;
        else counts.failed += sample.value;
      }
      return counts;
    },
    pingsCommitted: sum("gleam_pings_committed_total"),
    secondsIn: (name) => sum(`${name}_sum`),
    pingCommits: sum("gleam_ping_commit_duration_seconds_count"),
    buckets: (name) =>
      series
        .filter((sample) => sample.name === `${name}_bucket`)
        .map((sample): [number, number] => [
          sample.labels.le === "+Inf" ? Number.POSITIVE_INFINITY : Number(sample.labels.le),
          sample.value,
        ])
        .sort((a, b) => a[0] - b[0]),
  };
}
