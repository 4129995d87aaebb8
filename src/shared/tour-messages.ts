/**
 * What the tour surfaces pass between them: a tour's data as they read it from the server's config
 * (spec §3 "Tour data", "Tour step"; read by src/widget/common/tour-data.ts), and how the tours chunk
 * and the co-pilot chunk talk over the SDK's event bus.
 */

export type StepMode = "CLICK" | "INPUT" | "DEFAULT";

export interface TourStepData {
  /** The element the step points at; empty for a step in the middle of the screen. */
  selector: string;
  mode: StepMode;
  /** `video-pointer` shows `videoUrl`; `post` is the wide (550 px) popover. */
  type: string;
  title: string;
  /** HTML (the server renders TipTap documents to HTML before they reach a client). */
  message: string;
  videoUrl: string;
  /** INPUT steps of the co-pilot: wait for the visitor (`default`) or type `inputValue` (`auto`). */
  inputType: "default" | "auto";
  inputValue: string;
  /** The co-pilot's audio for the step. */
  voice: string;
}

export interface TourData {
  /** `cobrowse` is the AI co-pilot tour; anything else a product tour on popovers. */
  tourType: "standard" | "cobrowse";
  steps: TourStepData[];
  allowClose: boolean | null;
  backButton: boolean | null;
  nextText: string;
  doneText: string;
  prevText: string;
  sender: { firstName: string; profileImageUrl: string } | null;
  playVoice: boolean;
  gradient: boolean;
  kaiAvatar: string;
  kaiSlug: string;
  showUnmuteModal: boolean;
  unmuteModalTitle: string;
  unmuteModalButton: string;
  unmuteModalContinue: string;
}

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
