import type { CaptureAnswer, ScreenshotData } from "../common/capture-data.ts";
import type { CaptureType } from "./drawing/editor-state.ts";

/** The finished capture the report will carry. */
export interface StoredCapture {
  id: number;
  type: CaptureType;
  screenshot: Promise<ScreenshotData & { image?: string }> | null;
  screenRecordingUrl: string | null;
}

/** `captureData`: the stored capture as the report wants it, once its copy of the page is ready. */
export async function captureAnswer(current: StoredCapture | null): Promise<CaptureAnswer> {
  if (!current) return null;
  let screenshotData: (ScreenshotData & { image?: string }) | undefined;
  if (current.screenshot) {
    try {
      screenshotData = await current.screenshot;
    } catch (error) {
      return { ok: false, error: error instanceof Error ? error.message : String(error) };
    }
  }
  return {
    ok: true,
    type: current.type,
    ...(screenshotData ? { screenshotData } : {}),
    ...(current.screenRecordingUrl ? { screenRecordingUrl: current.screenRecordingUrl } : {}),
  };
}
