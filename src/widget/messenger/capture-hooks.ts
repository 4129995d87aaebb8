import type { WidgetChunkContext } from "../../shared/widget-chunk-contract.ts";

/**
 * Where the messenger meets the capture editor (screenshot, drawing, screen recording), which a later
 * issue builds as its own lazy surface ("capture", `startScreenCapture`). Until then these are the
 * only places that know about it, so the capture issue changes this file and nothing else here:
 *
 * - `startDrawing(type)`: the frame's `start-screen-drawing` ("screenshot" or "capture"). The loader
 *   routes `startScreenCapture` to the capture surface; the reference hides the widget while drawing
 *   and shows it again afterwards (spec §4) — the capture surface does that through
 *   `host.command("hide" | "open")`, so the widget stays open here while that surface does not exist.
 * - `autostartDrawing()`: Ctrl+U's `startFeedbackFlow("bugreporting", true, {autostartDrawing: true})`.
 *   The bug-report flow is already queued for the frame; the reference then opens the drawing instead
 *   of the panel. Until the capture surface exists it opens the panel, so the shortcut still works.
 * - `cleanupDrawings()`: the frame's `cleanup-drawings` (a finished or abandoned flow). Announced on
 *   the event bus as `cleanup-drawings`, which the capture surface will listen to.
 * - `widgetHidden()`: hiding the widget "closes any drawing overlay" (spec §4). Nothing to close yet;
 *   the capture surface can also follow the `close` event the widget emits.
 */
export interface CaptureHooks {
  startDrawing(type: string): void;
  autostartDrawing(openWidget: () => void): void;
  cleanupDrawings(): void;
  widgetHidden(): void;
}

export function createCaptureHooks({
  host,
  events,
}: Pick<WidgetChunkContext, "host" | "events">): CaptureHooks {
  return {
    startDrawing: (type) => host.command("startScreenCapture", [type]),
    autostartDrawing: (openWidget) => openWidget(),
    cleanupDrawings: () => events.emit("cleanup-drawings"),
    widgetHidden: () => {},
  };
}
