/**
 * What happened between the click on Send and the success screen, from a Chromium trace
 * (devtools.timeline, the V8 sampling profile, user timing marks): the main-thread tasks of the host
 * page and of the messenger frame with the functions that took their time, and the report's request.
 * For `bench/report-send.ts --trace`: finding what to make cheaper, not a budget.
 *
 * The bench marks `bench:send` (the click) and `bench:sent` (the success screen) in the frame; every
 * time here is after the click, on the trace's clock.
 */

import type { TraceEvent } from "./chrome-trace-event.ts";

export interface TimelineTask {
  thread: "page" | "frame";
  /** ms after the click. */
  at: number;
  ms: number;
  /** The heaviest trace events inside it (self time) and sampled functions, ms each. */
  events: Array<[string, number]>;
  functions: Array<[string, number]>;
}

export interface SendTimeline {
  sentAt: number | null;
  tasks: TimelineTask[];
  busy: { page: number; frame: number };
  /** Sampled functions over the whole window, per thread, ms each, heaviest first. */
  functions: { page: Array<[string, number]>; frame: Array<[string, number]> };
  request: {
    sentAt: number;
    uploadStart: number | null;
    uploadEnd: number | null;
    headersAt: number | null;
    finishedAt: number | null;
    bytesUp: number | null;
  } | null;
}

interface Sample {
  ts: number;
  ms: number;
  name: string;
}

const sorted = (map: Map<string, number>) => [...map].sort((a, b) => b[1] - a[1]);
const add = (map: Map<string, number>, key: string, value: number) =>
  map.set(key, (map.get(key) ?? 0) + value);

/** The sampling profiles of the trace, as samples (self time each) per "pid:tid". */
function samplesByThread(events: TraceEvent[]): Map<string, Sample[]> {
  const profiles = new Map<
    string,
    { thread: string; time: number; names: Map<number, string>; samples: Sample[] }
  >();
  for (const event of events) {
    if (event.name === "Profile" && event.id)
      profiles.set(`${event.pid}:${event.id}`, {
        thread: `${event.pid}:${event.tid}`,
        time: event.args?.data?.startTime ?? event.ts,
        names: new Map(),
        samples: [],
      });
    if (event.name !== "ProfileChunk" || !event.id) continue;
    const profile = profiles.get(`${event.pid}:${event.id}`);
    const data = event.args?.data;
    if (!profile || !data) continue;
    for (const node of data.cpuProfile?.nodes ?? []) {
      const file = (node.callFrame.url ?? "").split("/").at(-1)?.replace(/\?.*$/, "") ?? "";
      profile.names.set(node.id, `${node.callFrame.functionName || "(anonymous)"}${file ? ` ${file}` : ""}`);
    }
    const deltas = data.timeDeltas ?? [];
    (data.cpuProfile?.samples ?? []).forEach((node, index) => {
      profile.time += deltas[index] ?? 0;
      profile.samples.push({ ts: profile.time, ms: 0, name: profile.names.get(node) ?? `node ${node}` });
    });
  }
  const byThread = new Map<string, Sample[]>();
  for (const profile of profiles.values()) {
    const samples = profile.samples.sort((a, b) => a.ts - b.ts);
    samples.forEach((sample, index) => {
      sample.ms = ((samples[index + 1]?.ts ?? sample.ts) - sample.ts) / 1000;
    });
    byThread.set(profile.thread, [...(byThread.get(profile.thread) ?? []), ...samples]);
  }
  return byThread;
}

const idle = new Set(["(idle)", "(program)", "(root)"]);

function functionsWithin(samples: Sample[], from: number, to: number): Array<[string, number]> {
  const totals = new Map<string, number>();
  for (const sample of samples)
    if (sample.ts >= from && sample.ts < to && !idle.has(sample.name)) add(totals, sample.name, sample.ms);
  return sorted(totals);
}

/** Self time per event name inside one top-level task. */
function eventsWithin(inner: TraceEvent[]): Array<[string, number]> {
  const self = new Map<string, number>();
  const stack: Array<{ name: string; end: number; child: number; dur: number }> = [];
  const close = (until: number) => {
    while (stack.length > 0 && (stack.at(-1)?.end ?? 0) <= until) {
      const open = stack.pop();
      if (open) add(self, open.name, (open.dur - open.child) / 1000);
    }
  };
  for (const event of inner) {
    close(event.ts);
    const parent = stack.at(-1);
    if (parent) parent.child += event.dur ?? 0;
    const label =
      event.name === "FunctionCall" && event.args?.data?.functionName
        ? `FunctionCall ${event.args.data.functionName}`
        : event.name === "EventDispatch" && event.args?.data?.type
          ? `EventDispatch ${event.args.data.type}`
          : event.name;
    stack.push({ name: label, end: event.ts + (event.dur ?? 0), child: 0, dur: event.dur ?? 0 });
  }
  close(Number.POSITIVE_INFINITY);
  return sorted(self);
}

function reportRequest(events: TraceEvent[], path: string, origin: number) {
  const sent = events.find(
    (event) =>
      event.name === "ResourceSendRequest" &&
      event.args?.data?.url?.endsWith(path) &&
      event.args.data.requestMethod === "POST" &&
      event.ts >= origin,
  );
  const id = sent?.args?.data?.requestId;
  if (!sent || !id) return null;
  const response = events.find(
    (event) => event.name === "ResourceReceiveResponse" && event.args?.data?.requestId === id,
  );
  const finish = events.find(
    (event) => event.name === "ResourceFinish" && event.args?.data?.requestId === id,
  );
  const timing = response?.args?.data?.timing;
  const after = (us: number) => (us - origin) / 1000;
  const atTiming = (offsetMs: number) => (timing ? after(timing.requestTime * 1e6 + offsetMs * 1000) : null);
  return {
    sentAt: after(sent.ts),
    uploadStart: timing ? atTiming(timing.sendStart) : null,
    uploadEnd: timing ? atTiming(timing.sendEnd) : null,
    headersAt: timing ? atTiming(timing.receiveHeadersEnd) : null,
    finishedAt: finish
      ? after(finish.args?.data?.finishTime ? finish.args.data.finishTime * 1e6 : finish.ts)
      : null,
    bytesUp: null,
  };
}

export function sendTimeline(
  trace: { traceEvents?: TraceEvent[] } | TraceEvent[],
  path: string,
): SendTimeline {
  const events = Array.isArray(trace) ? trace : (trace.traceEvents ?? []);
  const mark = (name: string) =>
    events.find((event) => event.name === name && event.cat?.includes("user_timing"));
  const click = mark("bench:send");
  if (!click) throw new Error("the trace has no bench:send mark");
  const sent = mark("bench:sent");
  const origin = click.ts;
  const end = sent ? sent.ts + 50_000 : origin + 10_000_000;
  const mains = new Map<string, "page" | "frame">();
  const request = events.find(
    (event) => event.name === "ResourceSendRequest" && event.args?.data?.url?.endsWith(path),
  );
  for (const event of events)
    if (event.ph === "M" && event.name === "thread_name" && event.args?.name === "CrRendererMain") {
      if (event.pid === click.pid) mains.set(`${event.pid}:${event.tid}`, "frame");
      else if (request && event.pid === request.pid) mains.set(`${event.pid}:${event.tid}`, "page");
    }
  const samples = samplesByThread(events);
  const tasks: TimelineTask[] = [];
  const busy = { page: 0, frame: 0 };
  for (const [key, thread] of mains) {
    const own = events
      .filter(
        (event) =>
          event.ph === "X" && `${event.pid}:${event.tid}` === key && event.ts >= origin && event.ts < end,
      )
      .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
    let taskEnd = -1;
    let current: TraceEvent[] = [];
    const flush = () => {
      const top = current[0];
      if (!top) return;
      const ms = (top.dur ?? 0) / 1000;
      busy[thread] += ms;
      tasks.push({
        thread,
        at: (top.ts - origin) / 1000,
        ms,
        events: eventsWithin(current.slice(1)).slice(0, 4),
        functions: functionsWithin(samples.get(key) ?? [], top.ts, top.ts + (top.dur ?? 0)).slice(0, 5),
      });
    };
    for (const event of own) {
      if (event.ts >= taskEnd) {
        flush();
        current = [];
        taskEnd = event.ts + (event.dur ?? 0);
      }
      current.push(event);
    }
    flush();
  }
  const threadKey = (thread: "page" | "frame") => [...mains].find(([, name]) => name === thread)?.[0] ?? "";
  return {
    sentAt: sent ? (sent.ts - origin) / 1000 : null,
    tasks: tasks.sort((a, b) => a.at - b.at),
    busy,
    functions: {
      page: functionsWithin(samples.get(threadKey("page")) ?? [], origin, end),
      frame: functionsWithin(samples.get(threadKey("frame")) ?? [], origin, end),
    },
    request: reportRequest(events, path, origin),
  };
}

const f = (value: number | null) => (value === null ? "?" : value.toFixed(0));
const list = (entries: Array<[string, number]>) =>
  entries
    .filter(([, ms]) => ms >= 1)
    .map(([name, ms]) => `${name} ${ms.toFixed(0)}`)
    .join(", ");

export function formatSendTimeline(timeline: SendTimeline, serverMs: number | null, minTaskMs = 4): string {
  const lines = [`traced run: ms after the click on Send (main-thread tasks of at least ${minTaskMs} ms)`];
  for (const task of timeline.tasks.filter((entry) => entry.ms >= minTaskMs))
    lines.push(
      `  +${f(task.at).padStart(5)}  ${task.thread.padEnd(5)} ${f(task.ms).padStart(5)} ms  ${list(task.events)}` +
        (task.functions.length ? `\n${" ".repeat(28)}functions: ${list(task.functions)}` : ""),
    );
  const request = timeline.request;
  if (request)
    lines.push(
      `  report request: issued +${f(request.sentAt)}, upload +${f(request.uploadStart)}..+${f(request.uploadEnd)}, ` +
        `answer's headers +${f(request.headersAt)}, done +${f(request.finishedAt)}; the server's own time ${f(serverMs)} ms`,
    );
  lines.push(`  success screen: +${f(timeline.sentAt)}`);
  lines.push(
    `  main thread busy: page ${f(timeline.busy.page)} ms, frame ${f(timeline.busy.frame)} ms\n` +
      `  page's functions (sampled): ${list(timeline.functions.page.slice(0, 12))}\n` +
      `  frame's functions (sampled): ${list(timeline.functions.frame.slice(0, 8))}`,
  );
  return lines.join("\n");
}
