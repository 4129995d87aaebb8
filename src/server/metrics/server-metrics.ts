import type { Logger } from "../logger.ts";
import { publishDurationBuckets } from "./fanout-metrics.ts";
import { createHttpMetrics, type HttpMetrics } from "./http-metrics.ts";
import { type Histogram, MetricsRegistry } from "./metrics-registry.ts";
import { createSocketMetrics, type SocketMetrics } from "./socket-metrics.ts";

/**
 * Seconds: a group of pings commits in about a millisecond on SQLite, a few on PostgreSQL; a fold of
 * SQLite's ping log takes about a millisecond, now and then ten or twenty.
 */
const pingWriteBuckets = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1];

/** A step that writes pings: how long each one took (a histogram) and how many pings they wrote (a counter). */
function pingWriteMetrics(
  registry: MetricsRegistry,
  duration: { name: string; help: string },
  count: { name: string; help: string },
): (seconds: number, pings: number) => void {
  const seconds = registry.histogram({ ...duration, buckets: pingWriteBuckets }).labels();
  const pings = registry.counter(count).labels();
  return (took, written) => {
    seconds.observe(took);
    pings.inc(written);
  };
}

/**
 * Everything one server records, handed to the parts that record it (no module-level registry: two
 * servers in one test process keep their own). Readings that cost a query or a file stat are taken
 * at scrape time only (database-readings.ts); what the hot paths record is pre-bound here.
 */
export interface ServerMetrics {
  registry: MetricsRegistry;
  http: HttpMetrics;
  sockets: SocketMetrics;
  /** The time of each publish to the sockets (fanout-metrics.ts). */
  publishSeconds: Histogram;
  /** A group of pings committed (ping-writes.ts). */
  pingCommitted(seconds: number, pings: number): void;
  /** Pings of SQLite's ping log folded into their sessions (ping-log.ts). */
  pingsFolded(seconds: number, pings: number): void;
  /** Where the ping queue's depth is read at each scrape. */
  watchPingQueue(queued: () => number): void;
  /** SMTP refused a mail (mail-dispatcher.ts). */
  mailRefused(): void;
  /** A webhook try failed; `final` when none follows (webhook-dispatcher.ts). */
  webhookFailed(final: boolean): void;
}

export function createServerMetrics(logger: Logger): ServerMetrics {
  const registry = new MetricsRegistry({
    onCollectorError: (collector, error) => {
      collectorFailures.labels(collector).inc();
      logger.warn("metrics reading failed", { collector, error: String(error) });
    },
  });
  const collectorFailures = registry.counter({
    name: "gleam_metrics_collector_failures_total",
    help: "Scrape-time readings that failed or took over 2 s; their gauges kept their last values.",
    labelNames: ["collector"],
  });
  watchProcess(registry);
  const publishSeconds = registry
    .histogram({
      name: "gleam_publish_duration_seconds",
      help: "Time of one publish to the open sockets: Bun's pub/sub here, or until Redis took it.",
      buckets: publishDurationBuckets,
    })
    .labels();
  const pingCommitted = pingWriteMetrics(
    registry,
    {
      name: "gleam_ping_commit_duration_seconds",
      help: "Time to commit one group of widget pings (grouped writes, ping-writes.ts).",
    },
    { name: "gleam_pings_committed_total", help: "Widget pings written by the grouped commits." },
  );
  const pingsFolded = pingWriteMetrics(
    registry,
    {
      name: "gleam_ping_fold_duration_seconds",
      help: "Time of one fold of SQLite's ping log into the sessions and their events (ping-log.ts); it holds the event loop.",
    },
    { name: "gleam_pings_folded_total", help: "Widget pings folded from SQLite's ping log." },
  );
  const pingQueue = registry
    .gauge({ name: "gleam_ping_queue_depth", help: "Widget pings waiting for a group to commit them." })
    .labels();
  const mailFailures = registry
    .counter({
      name: "gleam_mail_failures_total",
      help: "Mails the SMTP server refused (kept with their error).",
    })
    .labels();
  const webhookFailures = registry.counter({
    name: "gleam_webhook_failures_total",
    help: "Failed webhook tries: outcome retry (another try is scheduled) or gave_up (none follows).",
    labelNames: ["outcome"],
  });
  const retried = webhookFailures.labels("retry");
  const gaveUp = webhookFailures.labels("gave_up");

  return {
    registry,
    http: createHttpMetrics(registry),
    sockets: createSocketMetrics(registry),
    publishSeconds,
    pingCommitted,
    pingsFolded,
    watchPingQueue(queued) {
      registry.onScrape("ping queue", () => pingQueue.set(queued()));
    },
    mailRefused: () => mailFailures.inc(),
    webhookFailed: (final) => (final ? gaveUp : retried).inc(),
  };
}

/** The process's start and memory, under the names Prometheus's own clients use where there is one. */
function watchProcess(registry: MetricsRegistry): void {
  registry
    .gauge({
      name: "process_start_time_seconds",
      help: "Start time of the process since the Unix epoch, in seconds.",
    })
    .labels()
    .set(Math.floor(performance.timeOrigin / 1000));
  const rss = registry
    .gauge({ name: "process_resident_memory_bytes", help: "Resident memory size in bytes." })
    .labels();
  const heapUsed = registry
    .gauge({ name: "gleam_process_heap_used_bytes", help: "Bytes of the JavaScript heap in use." })
    .labels();
  registry.onScrape("process memory", () => {
    const usage = process.memoryUsage();
    rss.set(usage.rss);
    heapUsed.set(usage.heapUsed);
  });
}
