import type { TourData } from "./tour-data.ts";

/**
 * How the tours chunk and the co-pilot chunk talk (spec §4 "Co-pilot tour"): the tours chunk owns a
 * tour's life (validation, saved progress, the completed/quit events) and asks the loader to run
 * `startCopilotTour` for a `cobrowse` tour; the co-pilot reports each step and the end on the SDK's
 * event bus, and stops when told. Internal event names, never documented to hosts.
 */

export const copilotEvents = {
  /** co-pilot → tours: the step now under way, counted in the tour data it was given. */
  step: "copilot-tour-step",
  /** co-pilot → tours: the tour ended, completed or not. */
  end: "copilot-tour-end",
  /** tours → co-pilot: take the tour away without ending it (admin mode, destroy). */
  stop: "copilot-tour-stop",
} as const;

export interface CopilotStart {
  tourId: string;
  data: TourData;
}

export interface CopilotStep {
  tourId: string;
  index: number;
}

export interface CopilotEnd {
  tourId: string;
  completed: boolean;
}
