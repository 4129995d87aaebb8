/**
 * What the capture surface answers `captureData` with (`host.query("captureData")`, asked by the
 * messenger before it sends a report). The loader turns a surface's failure into `undefined`, so a
 * failed snapshot is an answer of its own (`ok: false`), and the sender can refuse to send (spec §8).
 * Type only: the messenger's chunk imports nothing of the capture's at run time.
 */
export type CaptureAnswer =
  | null
  | {
      ok: true;
      type: "screenshot" | "capture";
      /** The page, with `image`: the capture as a JPEG data URL (the admin's thumbnail). */
      screenshotData?: ScreenshotData & { image?: string };
      screenRecordingUrl?: string;
    }
  | { ok: false; error: string };

/** What the editor sends the messenger's capture field (`set-form-data`, formKey "capture"). */
export interface CaptureFormData {
  value: "screenshot" | "capture";
  dirty: true;
  /** A picture (data URL) or the recording's URL, for the field to show. */
  preview?: string;
}

/** The report's `screenshotData` (spec §3) as the capture takes it (src/widget/capture/snapshot/). */
export interface ScreenshotData {
  html: string;
  baseUrl: string;
  width: number;
  height: number;
  isMobile: boolean;
  x: number;
  y: number;
}
