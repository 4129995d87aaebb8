import { TourConfig } from "../../shared/outbound-api.ts";
import type { TourData, TourStepData } from "../../shared/tour-messages.ts";
import { isUntrusted } from "../../shared/untrusted-validation.ts";
import { unfinishedTourStorageKey } from "../../shared/widget-storage-keys.ts";

/**
 * A tour's data as the tour surfaces use it (spec §3 "Tour data", "Tour step"; the types live with
 * the tours' messages in src/shared/tour-messages.ts), read from the config the server answers. The server's schema (`TourConfig`) checks the keys it reads; the presentation
 * keys an editor adds are read here one by one, and a key of the wrong type counts as absent rather
 * than spoiling the whole tour. Pure: no DOM, no storage of its own.
 */

type Loose = Record<string, unknown>;

const text = (value: unknown): string => (typeof value === "string" ? value : "");
const flag = (value: unknown): boolean | null => (typeof value === "boolean" ? value : null);
const record = (value: unknown): Loose =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Loose) : {};

function readStep(raw: unknown): TourStepData {
  const step = record(raw);
  const mode = text(step.mode).toUpperCase();
  return {
    selector: text(step.selector).trim(),
    mode: mode === "CLICK" || mode === "INPUT" ? mode : "DEFAULT",
    type: text(step.type),
    title: text(step.title),
    message: text(step.message),
    videoUrl: text(step.videoUrl),
    inputType: text(step.inputType) === "auto" ? "auto" : "default",
    inputValue: text(step.inputValue),
    voice: text(step.voice),
  };
}

/** The tour data of a config, or null when it is not a tour config at all. */
export function readTourData(raw: unknown): TourData | null {
  if (!isUntrusted(raw, TourConfig)) return null;
  const config = raw as Loose;
  const sender = record(config.sender);
  const firstName = text(sender.firstName) || text(sender.name);
  return {
    tourType: config.tourType === "cobrowse" ? "cobrowse" : "standard",
    steps: (config.steps as unknown[]).map(readStep),
    allowClose: flag(config.allowClose),
    backButton: flag(config.backButton),
    nextText: text(config.nextText),
    doneText: text(config.doneText),
    prevText: text(config.prevText),
    sender: firstName ? { firstName, profileImageUrl: text(sender.profileImageUrl) } : null,
    // The reference plays voices unless the tour says not to.
    playVoice: config.playVoice !== false,
    gradient: config.gradient === true,
    kaiAvatar: text(config.kaiAvatar),
    kaiSlug: text(config.kaiSlug),
    showUnmuteModal: config.showUnmuteModal === true,
    unmuteModalTitle: text(config.unmuteModalTitle),
    unmuteModalButton: text(config.unmuteModalButton),
    unmuteModalContinue: text(config.unmuteModalContinue),
  };
}

/** What `startProductTour` may be given: a tour id, or a server action of type tour (spec §3). */
export function tourRequestOf(arg: unknown): { tourId: string; config: Loose | null } | null {
  if (typeof arg === "string" || typeof arg === "number") {
    const tourId = String(arg).trim();
    return tourId ? { tourId, config: null } : null;
  }
  const action = record(arg);
  const tourId = text(action.outbound).trim() || text(action.id).trim();
  if (!tourId) return null;
  const data = record(action.data);
  return { tourId, config: Object.keys(data).length > 0 ? data : null };
}

/**
 * An unfinished tour kept for the next page view (spec §3 "Saved unfinished tour"): the id and the
 * tour data with only the steps still to come. `stepOffset` (ours; a reference client ignores it) is
 * how many steps are behind, so the progress reads "2 of 3" rather than starting over at "1 of 2".
 */
export interface SavedTour {
  tourId: string;
  tourData: Loose & { steps: unknown[] };
  stepOffset: number;
}

export function savedTourAt(tourId: string, config: Loose, index: number, stepOffset: number): SavedTour {
  const steps = Array.isArray(config.steps) ? config.steps : [];
  const from = Math.max(0, Math.min(index, steps.length));
  return { tourId, tourData: { ...config, steps: steps.slice(from) }, stepOffset: stepOffset + from };
}

export function readSavedTour(stored: string | null): SavedTour | null {
  if (!stored) return null;
  try {
    const parsed = record(JSON.parse(stored));
    const tourData = record(parsed.tourData);
    const tourId = text(parsed.tourId) || (typeof parsed.tourId === "number" ? String(parsed.tourId) : "");
    if (!tourId || !Array.isArray(tourData.steps)) return null;
    const offset = Number(parsed.stepOffset);
    return {
      tourId,
      tourData: tourData as SavedTour["tourData"],
      stepOffset: Number.isInteger(offset) && offset > 0 ? offset : 0,
    };
  } catch {
    return null;
  }
}

/** The storage of the unfinished tour; every access guarded, since storage may throw (quota, privacy). */
export function tourStore(storage: () => Storage | null) {
  return {
    load(): SavedTour | null {
      try {
        return readSavedTour(storage()?.getItem(unfinishedTourStorageKey) ?? null);
      } catch {
        return null;
      }
    },
    save(saved: SavedTour): void {
      try {
        storage()?.setItem(unfinishedTourStorageKey, JSON.stringify(saved));
      } catch {
        // A full or blocked storage only loses the resume.
      }
    },
    clear(): void {
      try {
        storage()?.removeItem(unfinishedTourStorageKey);
      } catch {
        // Nothing kept, nothing to clear.
      }
    },
  };
}

export type TourStore = ReturnType<typeof tourStore>;

/** Spec §4: the tracked event named after the tour, as the reference names it. */
export function tourEventName(tourId: string, completed: boolean): string {
  return `tour-${tourId}-${completed ? "completed" : "quit"}`;
}
