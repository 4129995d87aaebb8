/**
 * One page load's timeline from a Chromium trace (devtools.timeline, toplevel, blink.user_timing
 * categories): its requests (sent, response, finished; from the cache or not, bytes on the wire) and the
 * renderer main thread's tasks of at least `minTaskMs`, each with what it spent its time on, and the
 * page's own `performance.mark`s, all in milliseconds from the document's request. For the `--trace`
 * option of the page-load benches: finding the waterfall, not a budget.
 */

import type { TraceEvent } from "./chrome-trace-event.ts";

export interface TimelineLine {
  at: number;
  line: string;
}

/** Events a task is made of, named for the reader: a script by its file, an event by its type. */
function label(event: TraceEvent): string {
  const file = (url?: string) => (url ? url.split("/").at(-1) || url : "");
  switch (event.name) {
    case "EvaluateScript":
    case "v8.evaluateModule":
    case "v8.compileModule":
    case "v8.compile":
      return `${event.name} ${file(event.args?.data?.url ?? event.args?.fileName)}`.trim();
    case "FunctionCall":
      return `FunctionCall ${file(event.args?.data?.url)}`.trim();
    case "EventDispatch":
      return `EventDispatch ${event.args?.data?.type ?? ""}`.trim();
    case "ParseHTML":
      return `ParseHTML ${file(event.args?.beginData?.url)}`.trim();
    default:
      return event.name;
  }
}

const isTask = (event: TraceEvent) =>
  event.ph === "X" && (event.name === "RunTask" || event.name === "ThreadControllerImpl::RunTask");

/** The renderer main threads, by `pid:tid`. */
function mainThreads(events: readonly TraceEvent[]): Set<string> {
  const threads = new Set<string>();
  for (const event of events)
    if (event.ph === "M" && event.name === "thread_name" && event.args?.name === "CrRendererMain")
      threads.add(`${event.pid}:${event.tid}`);
  return threads;
}

/** The requests' lines: sent (with priority), finished (how long, bytes on the wire; none: the cache). */
function requestLines(events: readonly TraceEvent[], zero: number): TimelineLine[] {
  const sent = new Map<string, { url: string; ts: number }>();
  const lines: TimelineLine[] = [];
  const at = (event: TraceEvent) => (event.ts - zero) / 1000;
  const short = (url: string) => url.replace(/^https?:\/\/[^/]+/, "").slice(0, 100);
  for (const event of events) {
    const data = event.args?.data;
    if (!data?.requestId) continue;
    // The browser's own pages (chrome://, a new window's omnibox) are not the page's.
    if (event.name === "ResourceSendRequest" && data.url && /^https?:/.test(data.url)) {
      sent.set(data.requestId, { url: short(data.url), ts: event.ts });
      lines.push({
        at: at(event),
        line: `→ ${data.requestMethod ?? "GET"} ${short(data.url)} (${data.priority ?? "?"})`,
      });
    } else if (event.name === "ResourceFinish" && sent.has(data.requestId)) {
      const request = sent.get(data.requestId);
      const bytes = data.encodedDataLength ?? 0;
      const took = request ? `${((event.ts - request.ts) / 1000).toFixed(0)} ms` : "?";
      const size = bytes === 0 ? "cache" : `${(bytes / 1024).toFixed(1)} KB`;
      lines.push({ at: at(event), line: `← ${request?.url ?? "?"} (${took}, ${size})` });
    }
  }
  return lines;
}

/** Inclusive time of a task's direct children, by label, largest first. */
function taskParts(task: TraceEvent, inside: readonly TraceEvent[]): string {
  const end = task.ts + (task.dur ?? 0);
  const parts = new Map<string, number>();
  let reachedUntil = task.ts;
  for (const event of inside) {
    if (event.ts < reachedUntil || event.ts >= end) continue;
    // A direct child: the first event starting after the previous child ended.
    reachedUntil = event.ts + (event.dur ?? 0);
    const name = label(event);
    parts.set(name, (parts.get(name) ?? 0) + (event.dur ?? 0) / 1000);
  }
  return [...parts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([name, ms]) => `${name} ${ms.toFixed(0)}`)
    .join(", ");
}

/**
 * The page's renderer main thread: the one its own marks (`page-load:…`) are on, else the busiest (a new
 * window's browser pages run in renderers of their own).
 */
function pageThread(events: readonly TraceEvent[]): string | undefined {
  const threads = mainThreads(events);
  const marked = events.find(
    (event) => event.name.startsWith("page-load:") && threads.has(`${event.pid}:${event.tid}`),
  );
  if (marked) return `${marked.pid}:${marked.tid}`;
  const busy = new Map<string, number>();
  for (const event of events) {
    const key = `${event.pid}:${event.tid}`;
    if (isTask(event) && threads.has(key)) busy.set(key, (busy.get(key) ?? 0) + (event.dur ?? 0));
  }
  return [...busy].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/**
 * The load's lines in time order: requests, long main-thread tasks of the busiest renderer, and user
 * timing marks. Zero is the first request of a URL containing `documentPath` (the page itself).
 */
export function pageLoadTimeline(
  trace: { traceEvents?: TraceEvent[] } | TraceEvent[],
  documentPath: string,
  minTaskMs = 2,
): TimelineLine[] {
  const events = (Array.isArray(trace) ? trace : (trace.traceEvents ?? [])).sort((a, b) => a.ts - b.ts);
  const document = events.find(
    (event) => event.name === "ResourceSendRequest" && event.args?.data?.url?.includes(documentPath),
  );
  if (!document) return [];
  const zero = document.ts;
  const main = pageThread(events);
  const onMain = events.filter((event) => `${event.pid}:${event.tid}` === main && event.ts >= zero);
  const inside = onMain.filter((event) => event.ph === "X" && !isTask(event) && (event.dur ?? 0) > 0);
  const lines: TimelineLine[] = requestLines(events, zero).filter((line) => line.at >= 0);
  let busyMs = 0;
  let taskEnd = 0;
  for (const task of onMain.filter(isTask)) {
    // Chromium nests a scheduler's task in the thread's: the outer one counts.
    if (task.ts < taskEnd) continue;
    taskEnd = task.ts + (task.dur ?? 0);
    const ms = (task.dur ?? 0) / 1000;
    busyMs += ms;
    if (ms < minTaskMs) continue;
    lines.push({
      at: (task.ts - zero) / 1000,
      line: `▮ task ${ms.toFixed(0)} ms: ${taskParts(task, inside)}`,
    });
  }
  for (const event of onMain)
    if (event.cat?.includes("blink.user_timing") && event.name.startsWith("page-load:"))
      lines.push({ at: (event.ts - zero) / 1000, line: `■ ${event.name.slice("page-load:".length)}` });
  lines.push({ at: Number.POSITIVE_INFINITY, line: `main thread busy ${busyMs.toFixed(0)} ms in all` });
  return lines.sort((a, b) => a.at - b.at);
}

export function formatTimeline(lines: readonly TimelineLine[]): string {
  return lines
    .map((entry) =>
      Number.isFinite(entry.at)
        ? `  ${entry.at.toFixed(0).padStart(6)} ms  ${entry.line}`
        : `             ${entry.line}`,
    )
    .join("\n");
}
