import {
  type CopilotEnd,
  type CopilotStart,
  type CopilotStep,
  copilotEvents,
} from "../../shared/tour-messages.ts";
import type { SurfaceCommand, WidgetChunkContext } from "../../shared/widget-chunk-contract.ts";
import { readTourData } from "../common/tour-data.ts";
import { tourTexts } from "../common/tour-texts.ts";
import { type CopilotHandle, runCopilotTour } from "./copilot-tour.ts";

/**
 * Lazy chunk entry of the AI co-pilot tour (spec §2, §4). Only the tours chunk asks for it
 * (`startCopilotTour`, for a tour of type `cobrowse` that validated); it reports each step and the end
 * on the event bus (`copilot-messages.ts`), and the tours chunk turns those into saved progress and
 * the productTourCompleted/productTourQuit events. Plain DOM in the widget's shadow root.
 */

/** A silent WAV: whether it plays tells whether the browser lets this page play sound on its own. */
const silentWav = "data:audio/wav;base64,UklGRigAAABXQVZFZm10IBAAAAABAAEARKwAABCxAgAEABAAZGF0YQAAAAA=";
const autoplayCheckMs = 1000;

async function canPlayAudio(): Promise<boolean> {
  try {
    const probe = new Audio(silentWav);
    probe.muted = false;
    // A browser that neither plays nor refuses in time counts as refusing.
    return await Promise.race([
      probe.play().then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), autoplayCheckMs)),
    ]);
  } catch {
    return false;
  }
}

let context: WidgetChunkContext | null = null;
let current: { tourId: string; handle: CopilotHandle } | null = null;
let offStop: (() => void) | null = null;

function start(raw: unknown) {
  const chunk = context;
  const request = raw as Partial<CopilotStart> | undefined;
  if (!chunk || current || typeof request?.tourId !== "string") return;
  // The data went through the tours chunk's reader already; reading it again costs nothing and keeps
  // this chunk safe from a caller that passes something else.
  const data = readTourData(request.data);
  if (!data) return;
  const { host, events, root, nonce } = chunk;
  const tourId = request.tourId;
  const handle = runCopilotTour(data, {
    root,
    nonce,
    brandColor: host.flowConfig().color,
    texts: tourTexts(host.language(), host.flowConfig()),
    clock: { set: (callback, ms) => setTimeout(callback, ms), clear: (id) => clearTimeout(id as number) },
    canPlayAudio,
    createAudio: (url) => new Audio(url),
    onStep: (index) => {
      const detail: CopilotStep = { tourId, index };
      events.emit(copilotEvents.step, detail);
    },
    onEnd: (completed) => {
      if (current?.tourId === tourId) current = null;
      const detail: CopilotEnd = { tourId, completed };
      events.emit(copilotEvents.end, detail);
    },
  });
  current = { tourId, handle };
}

export function mount(chunkContext: WidgetChunkContext): () => void {
  context = chunkContext;
  offStop = chunkContext.events.on(copilotEvents.stop, (detail) => {
    if (current && (detail as { tourId?: unknown } | undefined)?.tourId === current.tourId) {
      current.handle.stop();
      current = null;
    }
  });
  return () => {
    offStop?.();
    offStop = null;
    current?.handle.stop();
    current = null;
    context = null;
  };
}

export function run(command: SurfaceCommand<"copilot">, args: unknown[]): void {
  if (command === "startCopilotTour") start(args[0]);
}
