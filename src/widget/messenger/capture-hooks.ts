import type { WidgetChunkContext } from "../../shared/widget-chunk-contract.ts";

/**
 * Where the messenger meets the capture editor (screenshot, drawing, screen recording): its own lazy
 * surface, "capture" (src/widget/capture/), reached through the loader's commands only, so the
 * messenger's chunk carries none of it. This is the one place here that knows about it.
 *
 * - `startDrawing(type)`: the frame's `start-screen-drawing` ("screenshot" or "capture").
 *   `startScreenCapture` loads the capture surface, which hides the widget while the visitor draws
 *   (`host.command("hide")`) and opens it again afterwards (`open`), telling the frame's capture field
 *   through `setFormData` (spec §4).
 * - `autostartDrawing()`: Ctrl+U's `startFeedbackFlow("bugreporting", true, {autostartDrawing: true})`.
 *   The bug-report flow is already queued for the frame; as in the reference, the screenshot editor
 *   opens instead of the panel, and the panel (with the flow) opens when the editor closes. The flow
 *   has not started yet, so its start must not clear this capture (`autostart`).
 * - `cleanupDrawings()`: the frame's `cleanup-drawings` (a capture removed or cancelled, a sent
 *   report): the capture surface forgets its capture. Only if it was loaded: nothing to clear else.
 * - `widgetHidden()`: hiding the widget "closes any drawing overlay" (spec §4). The editor hides the
 *   widget itself when it opens, so a hide must not close it; the editor closes by its own controls.
 */
export interface CaptureHooks {
  startDrawing(type: string): void;
  autostartDrawing(openWidget: () => void): void;
  cleanupDrawings(): void;
  widgetHidden(): void;
}

export function createCaptureHooks({ host }: Pick<WidgetChunkContext, "host" | "events">): CaptureHooks {
  return {
    startDrawing: (type) =>
      host.command("startScreenCapture", [type === "capture" ? "capture" : "screenshot"]),
    autostartDrawing: () => host.command("startScreenCapture", ["screenshot", { autostart: true }]),
    cleanupDrawings: () => host.command("clearCapture"),
    widgetHidden: () => {},
  };
}
