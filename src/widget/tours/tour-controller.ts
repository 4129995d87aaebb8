import type { OutboundEventKind, ProductTourValidation } from "../../shared/outbound-api.ts";
import type { TakeoverSlot } from "../../shared/takeover-slot.ts";
import type { TourData } from "../../shared/tour-messages.ts";
import {
  readTourData,
  savedTourAt,
  type TourStore,
  tourEventName,
  tourRequestOf,
} from "../common/tour-data.ts";

/**
 * A product tour's life (spec §4 "Tour"): it starts only after the server says the tour is live and
 * its page filter passes this page (else it is cleaned up as quit), then runs its steps, then ends
 * completed or quit. Either end emits its event and tracked event and forgets the unfinished tour.
 * One tour at a time; a disabled controller (admin mode) starts none. What draws the tour is a
 * runner (popovers, or the co-pilot), so this file holds only the rules.
 */

/** What a runner gets to draw one tour, and how it reports progress and the end. */
export interface TourRun {
  tourId: string;
  data: TourData;
  /** Steps done before this run (a tour resumed on another page). */
  offset: number;
  /** The step now under way, counted from the first step of `data`. */
  onIndex(index: number): void;
  onEnd(completed: boolean): void;
}

/** A running tour; `stop` takes it away without ending it (admin mode, the SDK's destroy). */
export interface TourHandle {
  stop(): void;
}

export type TourRunner = (run: TourRun) => TourHandle | Promise<TourHandle>;

export interface TourControllerDeps {
  validate(tourId: string, currentUrl: string): Promise<ProductTourValidation>;
  currentUrl(): string;
  store: TourStore;
  runStandard: TourRunner;
  runCopilot: TourRunner;
  emit(name: "productTourCompleted" | "productTourQuit", data: { tourId: string }): void;
  track(name: string, data: { tourId: string }): void;
  warn(message: string, error?: unknown): void;
  /** Tells the server the visitor saw (first step drawn), completed or quit the tour. */
  acknowledge(tourId: string, event: OutboundEventKind): void;
  /** The one modal-like takeover on screen, the host's. */
  slot: TakeoverSlot;
}

interface ActiveTour {
  tourId: string;
  config: Record<string, unknown> | null;
  data: TourData | null;
  offset: number;
  index: number;
  handle: TourHandle | null;
  ended: boolean;
  /** Drawn on the page (acknowledged as shown): only then is its end the visitor's. */
  drawn: boolean;
}

export function createTourController(deps: TourControllerDeps) {
  let active: ActiveTour | null = null;
  let disabled = false;
  // Tours this page view has run: the server's push of one the visitor just took (started by hand, or
  // resumed) arrives a ping later and must not run it again.
  const ran = new Set<string>();

  function end(tour: ActiveTour, completed: boolean) {
    if (tour.ended) return;
    tour.ended = true;
    if (active === tour) active = null;
    deps.slot.release(tour);
    // A tour that never showed (not live, not on this page) was not the visitor's to quit.
    if (tour.drawn) deps.acknowledge(tour.tourId, completed ? "completed" : "closed");
    deps.store.clear();
    const detail = { tourId: tour.tourId };
    deps.emit(completed ? "productTourCompleted" : "productTourQuit", detail);
    deps.track(tourEventName(tour.tourId, completed), detail);
  }

  /** Takes the tour on screen away silently: no end event, no acknowledgement, the saved progress kept. */
  function dropActive() {
    const tour = active;
    active = null;
    if (tour) {
      tour.ended = true;
      tour.handle?.stop();
      deps.slot.release(tour);
    }
  }

  function save(tour: ActiveTour) {
    if (tour.config && !tour.ended)
      deps.store.save(savedTourAt(tour.tourId, tour.config, tour.index, tour.offset));
  }

  async function launch(tour: ActiveTour, given: Record<string, unknown> | null) {
    let answer: ProductTourValidation;
    try {
      answer = await deps.validate(tour.tourId, deps.currentUrl());
    } catch (error) {
      deps.warn("Product tour is not live. Cleaning up...", error);
      return end(tour, false);
    }
    if (tour.ended || active !== tour) return;
    if (answer?.status !== "live" || answer.passedPageFilter !== true) {
      deps.warn("Product tour is not live. Cleaning up...");
      return end(tour, false);
    }
    // A resumed or pushed tour keeps the data it came with; a tour started by id uses the server's.
    const config = given ?? (answer.config as Record<string, unknown> | undefined) ?? null;
    const data = readTourData(config);
    if (!config || !data || data.steps.length === 0) {
      deps.warn("No steps to drive through");
      return end(tour, false);
    }
    tour.config = config;
    tour.data = data;
    const run: TourRun = {
      tourId: tour.tourId,
      data,
      offset: tour.offset,
      onIndex: (index) => {
        if (tour.ended) return;
        tour.index = index;
        // The co-pilot keeps its place at every step, since its own clicks may leave the page; a
        // product tour is saved when the page goes (`pageHidden`).
        if (data.tourType === "cobrowse") save(tour);
      },
      onEnd: (completed) => end(tour, completed),
    };
    try {
      const handle = await (data.tourType === "cobrowse" ? deps.runCopilot : deps.runStandard)(run);
      if (tour.ended || active !== tour) handle.stop();
      else {
        tour.handle = handle;
        tour.drawn = true;
        deps.acknowledge(tour.tourId, "shown");
      }
    } catch (error) {
      deps.warn("the product tour could not be shown", error);
      end(tour, false);
    }
  }

  function start(request: { tourId: string; config: Record<string, unknown> | null }, offset = 0) {
    if (active || disabled) return;
    ran.add(request.tourId);
    const tour: ActiveTour = {
      tourId: request.tourId,
      config: null,
      data: null,
      offset,
      index: 0,
      handle: null,
      ended: false,
      drawn: false,
    };
    active = tour;
    deps.slot.take(tour);
    void launch(tour, request.config);
  }

  return {
    /** `startProductTour(id)` or a server action of type tour. */
    start(arg: unknown) {
      const request = tourRequestOf(arg);
      const pushed = typeof arg === "object" && arg !== null;
      // A pushed tour waits while another takeover shows: unacknowledged, it is offered
      // again when that one ends or on the next page view.
      if (request && !(pushed && (ran.has(request.tourId) || deps.slot.busy()))) start(request);
    },
    /** The unfinished tour of an earlier page view, if any (spec §4 "resume an uncompleted tour"). */
    resume() {
      const saved = deps.store.load();
      if (saved) start({ tourId: saved.tourId, config: saved.tourData }, saved.stepOffset);
    },
    /** Spec §4: progress is saved when the page goes, except for co-pilot and disabled tours. */
    pageHidden() {
      if (active && !disabled && active.data && active.data.tourType !== "cobrowse") save(active);
    },
    /** Admin mode: the tour on screen goes away silently and no other starts. */
    disable() {
      disabled = true;
      dropActive();
    },
    /** The chunk is unmounted (the SDK's destroy): stop drawing, keep what was saved. */
    stop() {
      dropActive();
    },
    activeTourId: () => active?.tourId ?? null,
  };
}

export type TourController = ReturnType<typeof createTourController>;
