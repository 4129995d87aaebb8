import { dropLiveAttributes } from "../../shared/replay-live-attributes.ts";
import { isMobile } from "../common/report/session-metadata.ts";
import { limitEvent } from "./event-size.ts";
import { createReplayBuffer, type ReplayBufferOptions } from "./replay-buffer.ts";
import { fixSerializedEvent, type NodeMirror } from "./replay-event-fixes.ts";
import { hostOptions, type ReplayOptions, recorderOptions } from "./replay-options.ts";

/** What rrweb's `record` is to the recorder (injected, so the recorder is tested without rrweb). */
export interface RecordFunction {
  (
    options: Record<string, unknown> & { emit(event: RecordedEvent, isCheckout?: boolean): void },
  ): (() => void) | undefined;
  takeFullSnapshot(isCheckout?: boolean): void;
  /** rrweb's node ids → the live nodes (`record.mirror`), to read what a serialised node stands for. */
  mirror?: NodeMirror;
}

export interface RecordedEvent {
  type: number;
  timestamp: number;
  data?: unknown;
}

/** Spec §3 "Session replay data", the report's `webReplay`. */
export interface ReplayData {
  startDate: number;
  events: RecordedEvent[];
  baseUrl: string;
  width: number;
  height: number;
  isMobile: boolean;
  type: "rrweb";
}

export interface ReplayRecorder {
  /**
   * `startReplay`: starts recording; when it already records, a flow is starting: the replay for it
   * is taken (the last minute is kept until the report goes, see replay-buffer.ts).
   */
  start(): void;
  /** `setReplayOptions`: merged into the host's options; a running recorder restarts with them. */
  setOptions(options: unknown): void;
  /** `replayData`: the replay for a report, or null when nothing was recorded. */
  data(): ReplayData | null;
  /** The report was sent: the history it held is not needed any more. */
  release(): void;
  stop(): void;
  running(): boolean;
}

export interface ReplayRecorderDeps {
  record: RecordFunction;
  window: Pick<Window, "location" | "innerWidth" | "innerHeight" | "navigator"> & {
    setInterval: typeof setInterval;
    clearInterval: typeof clearInterval;
  };
  now?: () => number;
  buffer?: Partial<ReplayBufferOptions>;
  report?: (message: string, error?: unknown) => void;
}

/** How often the recorder asks the buffer whether a checkout is due. */
const checkoutPollMs = 5_000;

/** An event as it is kept: rrweb's serialization fixed where the mirror allows, the page's live attributes left out. */
function cleanEvent(event: RecordedEvent, mirror: RecordFunction["mirror"]): RecordedEvent {
  try {
    if (mirror) fixSerializedEvent(event, mirror);
  } catch {
    // The event is recorded as rrweb wrote it, never lost.
  }
  return dropLiveAttributes(event);
}

/** The report's `webReplay` for the recorded events, or null when there are none. */
function replayData(events: RecordedEvent[], win: ReplayRecorderDeps["window"]): ReplayData | null {
  const first = events[0];
  if (!first) return null;
  return {
    startDate: first.timestamp,
    events,
    baseUrl: win.location.origin,
    width: win.innerWidth,
    height: win.innerHeight,
    isMobile: isMobile(String(win.navigator?.userAgent ?? ""), win.innerWidth),
    type: "rrweb",
  };
}

export function createReplayRecorder(deps: ReplayRecorderDeps): ReplayRecorder {
  const now = deps.now ?? Date.now;
  const report = deps.report ?? ((message, error) => console.warn(`Gleap: ${message}`, error ?? ""));
  const buffer = createReplayBuffer<RecordedEvent>(deps.buffer);
  let custom: ReplayOptions = {};
  let stopRecording: (() => void) | null = null;
  let poll: ReturnType<typeof setInterval> | null = null;

  function halt() {
    if (poll !== null) deps.window.clearInterval(poll);
    poll = null;
    try {
      stopRecording?.();
    } catch (error) {
      report("the replay recorder did not stop cleanly", error);
    }
    stopRecording = null;
    buffer.clear();
  }

  function begin() {
    // Spec §4: a start stops any earlier run, and stopping clears the events.
    halt();
    try {
      stopRecording =
        deps.record({
          ...recorderOptions(custom),
          emit(event, isCheckout) {
            const limited = limitEvent(cleanEvent(event, deps.record.mirror));
            buffer.push(limited.event, limited.chars, isCheckout === true, now());
          },
        }) ?? null;
    } catch (error) {
      report("the replay recorder could not start", error);
      stopRecording = null;
      return;
    }
    if (!stopRecording) return;
    poll = deps.window.setInterval(() => {
      if (!buffer.wantsCheckout(now())) return;
      try {
        deps.record.takeFullSnapshot(true);
      } catch (error) {
        report("the replay recorder could not take a snapshot", error);
      }
    }, checkoutPollMs);
  }

  return {
    start() {
      if (stopRecording) buffer.pin(now());
      else begin();
    },
    setOptions(options) {
      custom = { ...custom, ...hostOptions(options) };
      if (stopRecording) begin();
    },
    data: () => (stopRecording ? replayData(buffer.events(), deps.window) : null),
    release: () => buffer.unpin(),
    stop: halt,
    running: () => stopRecording !== null,
  };
}
