import { requestFailed } from "./log-filter.ts";
import { replayOffset } from "./replay-timeline.ts";
import type { ConsoleEntry, NetworkEntry } from "./report-detail-view.ts";

/**
 * The marks on the replay's timeline: where the visitor clicked, where the console logged
 * an error, where a request failed, and the moment the report was sent. Computed once per report
 * from the rrweb events and the logs; the player draws them and a click on one jumps there.
 */
export type MarkerKind = "click" | "error" | "request" | "report";

export interface ReplayMarker {
  kind: MarkerKind;
  /** Milliseconds from the replay's first event. */
  offset: number;
  /** What happened there (the clicked element, the error, the request), or "" when unknown. */
  detail: string;
}

/** rrweb's incremental snapshot (3), its mouse interaction source (2) and the clicks among them. */
const incremental = 3;
const mouseInteraction = 2;
const clickTypes = new Set([2, 4]); // Click, DblClick
/** A click logged by the widget this close to one rrweb recorded is the same click. */
const sameClickMs = 1000;

type RrwebEvent = { type: number; timestamp: number; data?: unknown };

function isClick(event: RrwebEvent): boolean {
  if (event.type !== incremental || typeof event.data !== "object" || event.data === null) return false;
  const data = event.data as { source?: unknown; type?: unknown };
  return data.source === mouseInteraction && typeof data.type === "number" && clickTypes.has(data.type);
}

export interface MarkerInput {
  events: ReadonlyArray<RrwebEvent>;
  consoleLog: readonly ConsoleEntry[];
  networkLogs: readonly NetworkEntry[];
  /** Epoch milliseconds the report was received, or null when unreadable. */
  reportedAt: number | null;
  start: number;
  duration: number;
}

export function replayMarkers(input: MarkerInput): ReplayMarker[] {
  const { start, duration } = input;
  const at = (time: number | null) => replayOffset(time, start, duration);
  const markers: ReplayMarker[] = [];

  // The widget's click log names the element; rrweb's events place the click exactly. Each logged
  // click lends its name to the recorded click nearest it, and stands alone when none is near.
  const recorded = input.events
    .filter(isClick)
    .map((event) => at(event.timestamp))
    .filter((offset): offset is number => offset !== null)
    .map((offset) => ({ offset, detail: "" }));
  for (const entry of input.consoleLog) {
    const offset = entry.level === "CLICK" ? at(entry.time) : null;
    if (offset === null) continue;
    let nearest: (typeof recorded)[number] | null = null;
    for (const click of recorded) {
      const distance = Math.abs(click.offset - offset);
      if (
        click.detail === "" &&
        distance <= sameClickMs &&
        (!nearest || distance < Math.abs(nearest.offset - offset))
      )
        nearest = click;
    }
    if (nearest) nearest.detail = entry.text;
    else markers.push({ kind: "click", offset, detail: entry.text });
  }
  for (const click of recorded) markers.push({ kind: "click", ...click });

  for (const entry of input.consoleLog) {
    const offset = entry.level === "ERROR" ? at(entry.time) : null;
    if (offset !== null) markers.push({ kind: "error", offset, detail: entry.text });
  }
  for (const entry of input.networkLogs) {
    const offset = requestFailed(entry) ? at(entry.time) : null;
    if (offset !== null) markers.push({ kind: "request", offset, detail: `${entry.method} ${entry.url}` });
  }
  // The replay is taken when the report is sent, so a report received after its last event (the
  // server's clock, the upload) still marks the end; one from before the replay marks nothing.
  if (input.reportedAt !== null && input.reportedAt >= start - 1000)
    markers.push({
      kind: "report",
      offset: Math.min(duration, Math.max(0, input.reportedAt - start)),
      detail: "",
    });

  return markers.sort((a, b) => a.offset - b.offset);
}

/** A marker's place along the timeline, as a percentage of its width. */
export function markerPosition(offset: number, duration: number): number {
  if (duration <= 0) return 0;
  return Math.min(100, Math.max(0, (offset / duration) * 100));
}
