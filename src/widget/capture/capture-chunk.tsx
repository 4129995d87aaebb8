import type { SurfaceCommand, WidgetChunkContext } from "../../shared/widget-chunk-contract.ts";
import { type CaptureSurface, createCaptureSurface } from "./capture-surface.tsx";

/**
 * Lazy chunk entry of the capture editor (spec §2 "Capture editor overlay", §4): screenshot with
 * drawing, screen recording. Loaded the first time a capture starts (the frame's
 * `start-screen-drawing`, or Ctrl+U's bug report); the picture renderer (snapdom) is a further chunk
 * of its own, loaded while the visitor draws.
 *
 * - `startScreenCapture(type, options?)`: "screenshot" or "capture" (a screen recording);
 *   `{autostart: true}` when the flow it belongs to has not started yet (Ctrl+U).
 * - `captureData`: the finished capture for the report (see capture-data.ts), or null.
 * - `clearCapture`: forgets it (a sent report, the frame's `cleanup-drawings`).
 * - `pageSnapshot`: the page as it is now, for a silent crash report (no editor, no picture).
 */

let surface: CaptureSurface | null = null;

export function mount(context: WidgetChunkContext): () => void {
  const current = createCaptureSurface(context);
  surface = current;
  return () => {
    current.destroy();
    if (surface === current) surface = null;
  };
}

export function run(command: SurfaceCommand<"capture">, args: unknown[]): unknown {
  switch (command) {
    case "startScreenCapture":
      surface?.start(args[0], args[1]);
      return;
    case "captureData":
      return surface?.captureData() ?? null;
    case "pageSnapshot":
      return surface?.pageSnapshot() ?? null;
    case "clearCapture":
      surface?.clear();
      return;
    default:
      return;
  }
}
