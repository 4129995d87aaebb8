import { record } from "@rrweb/record";
import type { SurfaceCommand, WidgetChunkContext } from "../../shared/widget-chunk-contract.ts";
import { createReplayRecorder, type RecordFunction, type ReplayRecorder } from "./replay-recorder.ts";

/**
 * Lazy chunk entry of the web replay recorder (spec §4 "Replay recorder", §9 "Replay defaults"):
 * rrweb's own recorder (`@rrweb/record`) into a rolling buffer. The loader loads it only for projects
 * whose config enables web replays and sends `startReplay`; it draws nothing.
 *
 * - `startReplay`: starts recording; when it records already, a flow is starting and its replay is
 *   taken (the history from a minute before is kept until the report is sent). A flow the visitor
 *   starts inside the messenger does the same through the frame's `flow-started` event.
 * - `replayData`: `{startDate, events, baseUrl, width, height, isMobile, type: "rrweb"}` for the
 *   report's `webReplay`, or null.
 * - `setReplayOptions`: merged into the host's options (the recorder restarts with them).
 */

let recorder: ReplayRecorder | null = null;

export function mount({ events }: WidgetChunkContext): () => void {
  const current = createReplayRecorder({ record: record as unknown as RecordFunction, window });
  recorder = current;
  const unsubscribe = [
    events.on("flow-started", () => {
      if (current.running()) current.start();
    }),
    events.on("feedback-sent", () => current.release()),
  ];
  return () => {
    for (const off of unsubscribe) off();
    current.stop();
    if (recorder === current) recorder = null;
  };
}

export function run(command: SurfaceCommand<"replay">, args: unknown[]): unknown {
  switch (command) {
    case "startReplay":
      // The loader passes the options a host set before the recorder was loaded.
      if (args[0] && typeof args[0] === "object") recorder?.setOptions(args[0]);
      recorder?.start();
      return;
    case "setReplayOptions":
      recorder?.setOptions(args[0]);
      return;
    case "replayData":
      return recorder?.data() ?? null;
    default:
      return;
  }
}
