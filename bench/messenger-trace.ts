/**
 * What one messenger visit spent its time on, from a Chromium trace of every process. For
 * `bench/messenger-interactive.ts --trace`: finding what to make faster, not a budget.
 *
 * The bench marks its moments with `console.timeStamp("bench:…")` (a `TimeStamp` trace event on the
 * trace's clock): the launcher's click in the host page, and in the frame its first home action
 * enabled (and clicked) and the click handled. The timeline counts from the click and names each line's
 * document: the host page or the messenger frame (in the bench both are on localhost, one site, so
 * Chromium runs them in one renderer and one main thread; a host on another site gets its own). The
 * CPU profile summary is that renderer's samples from the click to the handled click
 * (`disabled-by-default-v8.cpu_profiler`'s `ProfileChunk` events, each sample weighed by the time to
 * the next), by script and by function.
 */

import type { TraceCallFrame as CallFrame, TraceEvent } from "./chrome-trace-event.ts";
import { formatTraceSummary, summarizeTrace } from "./trace-summary.ts";

export const traceCategories = [
  "-*",
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "v8.execute",
  "blink.user_timing",
  "loading",
  "disabled-by-default-v8.cpu_profiler",
  // V8.CompileCode: each function compiled lazily, as it is first called (compileSummary).
  "v8",
  "disabled-by-default-v8.compile",
];

type Line = [at: number, text: string];

const dataOf = (event: TraceEvent) => event.args?.data ?? event.args?.beginData;
const frameOf = (event: TraceEvent) => dataOf(event)?.frame ?? event.args?.frame;
const markOf = (events: TraceEvent[], message: string) =>
  events.find((event) => event.name === "TimeStamp" && dataOf(event)?.message === message);

const ms = (from: number, at: number) => `${((at - from) / 1000).toFixed(0).padStart(5)} ms`;
const short = (url: string) => {
  try {
    const parsed = new URL(url);
    return `${parsed.port ? `:${parsed.port}` : parsed.host}${parsed.pathname}${parsed.search.slice(0, 40)}`;
  } catch {
    return url.slice(0, 80);
  }
};

interface Scope {
  from: number;
  until: number;
  /** The renderer that ran the host page and, unless it has its own, the frame. */
  pids: Set<number>;
  /** "host ", "frame" or "     " (an event that names no document). */
  label: (event: TraceEvent) => string;
}

/** Each request after the click: sent, first response, finished, as the renderer saw them. */
function requestLines(events: TraceEvent[], scope: Scope): Line[] {
  const requests = new Map<
    string,
    { label: string; url: string; sent: number; response?: number; end?: number }
  >();
  for (const event of events) {
    const data = dataOf(event);
    const id = data?.requestId;
    if (!id || event.ts < scope.from || event.ts > scope.until || !scope.pids.has(event.pid)) continue;
    if (event.name === "ResourceSendRequest" && !requests.has(id) && data?.url?.startsWith("http"))
      requests.set(id, { label: scope.label(event), url: data.url, sent: event.ts });
    const request = requests.get(id);
    if (!request) continue;
    if (event.name === "ResourceReceiveResponse") request.response ??= event.ts;
    if (event.name === "ResourceFinish") request.end = event.ts;
  }
  const at = (time: number | undefined) => (time ? ms(scope.from, time).trim() : "-");
  return [...requests.values()].map((request) => [
    request.sent,
    `${ms(scope.from, request.sent)}  ${request.label} request ${short(request.url)}: response ${at(request.response)}, done ${at(request.end)}`,
  ]);
}

/** Trace events worth a line of their own once they last 2 ms or more. */
const notable = new Set([
  "ParseHTML",
  "EvaluateScript",
  "v8.compileModule",
  "v8.evaluateModule",
  "v8.compile",
  "ParseAuthorStyleSheet",
  "FunctionCall",
  "EventDispatch",
  "TimerFire",
  "FireAnimationFrame",
  "RunMicrotasks",
  "UpdateLayoutTree",
  "Layout",
]);

/** Moments that are a line whatever their length: marks, the frame's navigation, first paints. */
const moments = new Set([
  "TimeStamp",
  "navigationStart",
  "CommitLoad",
  "MarkDOMContent",
  "MarkLoad",
  "firstPaint",
  "firstContentfulPaint",
]);

/** Main-thread work after the click: marks, navigation, scripts, parsing, events, first paints. */
function threadLines(events: TraceEvent[], scope: Scope): Line[] {
  const lines: Line[] = [];
  const painted = new Set<string>();
  for (const event of events) {
    if (event.ts < scope.from || event.ts > scope.until || !scope.pids.has(event.pid)) continue;
    const data = dataOf(event);
    const label = scope.label(event);
    const line = (text: string) => lines.push([event.ts, `${ms(scope.from, event.ts)}  ${label} ${text}`]);
    if (moments.has(event.name)) {
      if (event.name !== "TimeStamp" || data?.message?.startsWith("bench:"))
        line(`${event.name} ${data?.message ?? short(data?.documentLoaderURL ?? data?.url ?? "")}`.trim());
      continue;
    }
    if (event.name === "Paint" && !painted.has(label)) {
      painted.add(label);
      line("first Paint");
      continue;
    }
    const duration = (event.dur ?? 0) / 1000;
    if (event.ph !== "X" || !notable.has(event.name) || duration < 2) continue;
    const what = [data?.type, data?.functionName, data?.url && short(data.url)].filter(Boolean).join(" ");
    line(`${event.name} ${what} (${duration.toFixed(1)} ms)`);
  }
  return lines;
}

/** Self time per function and per script of a renderer's samples between two trace times. */
function profileSummary(events: TraceEvent[], pid: number, from: number, until: number, top: number) {
  const frames = new Map<string, CallFrame>();
  const self = new Map<string, number>();
  const byScript = new Map<string, number>();
  const clock = new Map<string, number>();
  for (const event of events)
    if (event.name === "Profile" && event.pid === pid && event.id)
      clock.set(event.id, dataOf(event)?.startTime ?? event.ts);
  let total = 0;
  const add = (map: Map<string, number>, key: string, micros: number) =>
    map.set(key, (map.get(key) ?? 0) + micros);
  for (const event of events) {
    if (event.name !== "ProfileChunk" || event.pid !== pid || !event.id) continue;
    const profile = dataOf(event)?.cpuProfile;
    for (const node of profile?.nodes ?? []) frames.set(`${event.id}:${node.id}`, node.callFrame);
    const deltas = dataOf(event)?.timeDeltas ?? [];
    let at = clock.get(event.id) ?? event.ts;
    (profile?.samples ?? []).forEach((node, index) => {
      at += deltas[index] ?? 0;
      const weight = deltas[index + 1] ?? 0;
      if (at < from || at > until) return;
      const frame = frames.get(`${event.id}:${node}`);
      const where = frame?.url ? ` ${short(frame.url)}:${frame.lineNumber + 1}` : "";
      add(self, `${frame?.functionName || "(anonymous)"}${where}`, weight);
      add(byScript, frame?.url ? short(frame.url) : (frame?.functionName ?? "?"), weight);
      total += weight;
    });
    clock.set(event.id, at);
  }
  const list = (map: Map<string, number>) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, micros]) => `      ${(micros / 1000).toFixed(1).padStart(6)} ms  ${name}`);
  return [
    `    ${(total / 1000).toFixed(0)} ms sampled; by script:`,
    ...list(byScript),
    "    by function (self time):",
    ...list(self),
  ];
}

/**
 * V8's compilation from the click to the handled click: functions compiled lazily on the renderer's
 * main thread as they are first called (`V8.CompileCode`) against what was compiled off it while the
 * files streamed in (`V8.CompileCodeBackground`), in wall and thread time.
 */
function compileSummary(events: TraceEvent[], scope: Scope, main: { pid: number; tid: number }): string {
  const sum = (name: string, onMain: boolean) => {
    const found = events.filter(
      (event) =>
        event.name === name &&
        event.ph === "X" &&
        event.pid === main.pid &&
        (event.tid === main.tid) === onMain &&
        event.ts >= scope.from &&
        event.ts <= scope.until,
    );
    const wall = found.reduce((total, event) => total + (event.dur ?? 0), 0) / 1000;
    const thread = found.reduce((total, event) => total + (event.tdur ?? 0), 0) / 1000;
    return `${found.length} (${wall.toFixed(0)} ms wall, ${thread.toFixed(0)} ms thread)`;
  };
  return (
    `compilation: lazy on the main thread ${sum("V8.CompileCode", true)}, ` +
    `streamed in the background ${sum("V8.CompileCodeBackground", false)}`
  );
}

/** The timeline from the click, the main threads' summary and the frame's CPU profile, as text. */
export function formatMessengerTrace(trace: { traceEvents?: TraceEvent[] } | TraceEvent[]): string {
  const events = Array.isArray(trace) ? trace : (trace.traceEvents ?? []);
  const click = markOf(events, "bench:click");
  const enabled = markOf(events, "bench:action-enabled");
  const done = markOf(events, "bench:done");
  if (!click || !enabled) return "trace: no bench:click or bench:action-enabled mark in the trace";
  const hostFrame = frameOf(click);
  const messengerFrame = frameOf(enabled);
  const scope: Scope = {
    from: click.ts,
    until: done ? done.ts + 1 : Number.POSITIVE_INFINITY,
    pids: new Set([click.pid, enabled.pid]),
    label: (event) => {
      const frame = frameOf(event);
      if (frame === messengerFrame || (frame === undefined && event.pid !== click.pid)) return "frame";
      return frame === hostFrame ? "host " : "     ";
    },
  };
  const lines = [...requestLines(events, scope), ...threadLines(events, scope)]
    .sort((a, b) => a[0] - b[0])
    .map(([, line]) => `  ${line}`);
  const inScope = events.filter(
    (event) => event.ph === "M" || (event.ts >= scope.from && event.ts <= scope.until),
  );
  const threads = summarizeTrace(inScope).filter((summary) =>
    [...scope.pids].some((pid) => summary.thread === `renderer ${pid}`),
  );
  return [
    `timeline from the launcher click (host renderer ${click.pid}, frame renderer ${enabled.pid}):`,
    ...lines,
    "main thread, click to handled click:",
    formatTraceSummary(threads),
    `  ${compileSummary(events, scope, enabled)}`,
    `CPU profile of the frame's renderer ${enabled.pid}, click to handled click:`,
    ...profileSummary(events, enabled.pid, scope.from, scope.until, 25),
  ].join("\n");
}
