/**
 * Where a page load's main-thread time went, from a Chromium trace (devtools.timeline categories):
 * self time per trace event name (script, style, layout, paint, …) and the time of scripts per URL,
 * for every renderer main thread of the trace (a cross-site frame has its own). For
 * `bench/host-impact.ts --trace`: finding what to make cheaper, not a budget.
 */

import type { TraceEvent } from "./chrome-trace-event.ts";

export interface ThreadSummary {
  thread: string;
  totalMs: number;
  /** Self time per event name, largest first. */
  byEvent: Array<[string, number]>;
  /** Inclusive time of script entry points (EvaluateScript, FunctionCall, …) per script URL. */
  byScript: Array<[string, number]>;
}

const scriptEntries = new Set([
  "EvaluateScript",
  "FunctionCall",
  "v8.compileModule",
  "v8.evaluateModule",
  "TimerFire",
  "EventDispatch",
  "FireAnimationFrame",
  "V8.Execute",
]);

export function summarizeTrace(trace: { traceEvents?: TraceEvent[] } | TraceEvent[]): ThreadSummary[] {
  const events = Array.isArray(trace) ? trace : (trace.traceEvents ?? []);
  const mainThreads = new Map<string, string>();
  for (const event of events) {
    if (event.ph === "M" && event.name === "thread_name" && event.args?.name === "CrRendererMain")
      mainThreads.set(`${event.pid}:${event.tid}`, `renderer ${event.pid}`);
  }
  const summaries: ThreadSummary[] = [];
  for (const [key, thread] of mainThreads) {
    const complete = events
      .filter((event) => event.ph === "X" && `${event.pid}:${event.tid}` === key && (event.dur ?? 0) > 0)
      .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
    const self = new Map<string, number>();
    const scripts = new Map<string, number>();
    const stack: Array<{ event: TraceEvent; end: number; child: number }> = [];
    let totalMs = 0;
    // One pass with a stack of open events: an event's self time is its duration minus its children's.
    const close = (until: number) => {
      while (stack.length > 0 && (stack.at(-1)?.end ?? 0) <= until) {
        const open = stack.pop();
        if (!open) break;
        const selfMs = ((open.event.dur ?? 0) - open.child) / 1000;
        self.set(open.event.name, (self.get(open.event.name) ?? 0) + selfMs);
      }
    };
    for (const event of complete) {
      close(event.ts);
      const parent = stack.at(-1);
      if (parent) parent.child += event.dur ?? 0;
      else totalMs += (event.dur ?? 0) / 1000;
      const insideScript = stack.some((open) => scriptEntries.has(open.event.name));
      if (scriptEntries.has(event.name) && !insideScript) {
        const url = event.args?.data?.url || event.args?.data?.scriptName || "(no url)";
        scripts.set(url, (scripts.get(url) ?? 0) + (event.dur ?? 0) / 1000);
      }
      stack.push({ event, end: event.ts + (event.dur ?? 0), child: 0 });
    }
    close(Number.POSITIVE_INFINITY);
    const sorted = (map: Map<string, number>) => [...map].sort((a, b) => b[1] - a[1]);
    summaries.push({ thread, totalMs, byEvent: sorted(self), byScript: sorted(scripts) });
  }
  return summaries.sort((a, b) => b.totalMs - a.totalMs);
}

export function formatTraceSummary(summaries: ThreadSummary[], top = 12): string {
  return summaries
    .filter((summary) => summary.totalMs >= 1)
    .map(
      (summary) =>
        `  ${summary.thread}: ${summary.totalMs.toFixed(0)} ms in top-level events\n` +
        `    self time: ${summary.byEvent
          .slice(0, top)
          .map(([name, ms]) => `${name} ${ms.toFixed(0)}`)
          .join(", ")}\n` +
        `    scripts: ${summary.byScript
          .slice(0, top)
          .map(([url, ms]) => `${url.split("/").at(-1) || url} ${ms.toFixed(0)}`)
          .join(", ")}`,
    )
    .join("\n");
}
