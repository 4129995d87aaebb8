import type { ProductTourValidation, ProductTourValidationRequest } from "../../shared/outbound-api.ts";
import {
  type CopilotEnd,
  type CopilotStart,
  type CopilotStep,
  copilotEvents,
} from "../../shared/tour-messages.ts";
import type { SurfaceCommand, WidgetChunkContext } from "../../shared/widget-chunk-contract.ts";
import { nextTask } from "../common/next-task.ts";
import { acknowledgeOutbound } from "../common/outbound-acknowledgement.ts";
import { tourStore } from "../common/tour-data.ts";
import {
  createTourController,
  type TourController,
  type TourHandle,
  type TourRun,
} from "./tour-controller.ts";

/**
 * Lazy chunk entry of product tours (spec §2, §4). The loader loads it for `startProductTour` (the
 * host API, a `gleap://x/tour/…` link, `?gleap_tour=`, a server action of type tour) and, at start,
 * when an earlier page view left an unfinished tour (`resumeProductTour`). It validates the tour,
 * keeps its progress and emits its end; the popovers (standard-tour.ts) are evaluated only when a
 * product tour really shows, and a co-pilot tour runs in the co-pilot chunk.
 */

const warn = (message: string, error?: unknown) => console.warn(`Gleap: ${message}`, error ?? "");

function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

let controller: TourController | null = null;

function runCopilot({ host, events }: WidgetChunkContext, run: TourRun): TourHandle {
  const own = (detail: unknown) => (detail as { tourId?: unknown } | undefined)?.tourId === run.tourId;
  const offStep = events.on(copilotEvents.step, (detail) => {
    if (own(detail)) run.onIndex((detail as CopilotStep).index);
  });
  const offEnd = events.on(copilotEvents.end, (detail) => {
    if (!own(detail)) return;
    offStep();
    offEnd();
    run.onEnd((detail as CopilotEnd).completed === true);
  });
  const start: CopilotStart = { tourId: run.tourId, data: run.data };
  host.command("startCopilotTour", [start]);
  return {
    stop() {
      offStep();
      offEnd();
      events.emit(copilotEvents.stop, { tourId: run.tourId });
    },
  };
}

export function mount(context: WidgetChunkContext): () => void {
  const { host, events, root, nonce } = context;
  const tours = createTourController({
    validate: (tourId, currentUrl) => {
      const body: ProductTourValidationRequest = { outboundId: tourId, currentUrl };
      return host.request<ProductTourValidation>("POST", "/outbound/producttourvalidation", body);
    },
    currentUrl: () => window.location.href,
    store: tourStore(localStorageOrNull),
    runStandard: async (run) => {
      const { runStandardTour } = await import("./standard-tour.ts");
      // Evaluating the runner's code and drawing the first step are two tasks on the host page, not one.
      await nextTask();
      return runStandardTour(run, {
        root,
        nonce,
        language: host.language(),
        flowConfig: host.flowConfig(),
        warn,
      });
    },
    runCopilot: (run) => runCopilot(context, run),
    emit: (name, detail) => events.emit(name, detail),
    track: (name, detail) => host.trackEvent(name, detail),
    warn,
    acknowledge: (tourId, event) => acknowledgeOutbound(host, tourId, event),
    slot: host.takeover,
  });
  controller = tours;
  // `pagehide` rather than `beforeunload`: it also fires when the page goes into the back-forward cache.
  const onPageHide = () => tours.pageHidden();
  window.addEventListener("pagehide", onPageHide);
  return () => {
    window.removeEventListener("pagehide", onPageHide);
    tours.stop();
    if (controller === tours) controller = null;
  };
}

export function run(command: SurfaceCommand<"tours">, args: unknown[]): void {
  if (!controller) return;
  if (command === "startProductTour") controller.start(args[0]);
  else if (command === "resumeProductTour") controller.resume();
  else if (command === "disableProductTours") controller.disable();
}
