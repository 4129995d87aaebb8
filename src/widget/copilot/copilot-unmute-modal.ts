import type { TourData } from "../../shared/tour-messages.ts";
import type { TourTexts } from "../common/tour-texts.ts";
import type { CopilotRun } from "./copilot-run.ts";
import { copilotTiming } from "./copilot-timing.ts";

/**
 * `showUnmuteModal`: before the first step, a modal offers to turn the sound on (or carry on without
 * it); the tour goes on a moment after either.
 */
export async function unmuteModal(
  layer: HTMLElement,
  content: { data: TourData; texts: TourTexts },
  run: CopilotRun,
  onUnmute: () => void,
) {
  const { data, texts } = content;
  const document = layer.ownerDocument;
  await new Promise<void>((resolve) => {
    const backdrop = document.createElement("div");
    backdrop.className = "gcp-modal-backdrop";
    const modal = document.createElement("div");
    modal.className = "gcp-modal";
    modal.setAttribute("role", "dialog");
    modal.setAttribute("aria-modal", "true");
    const title = document.createElement("p");
    title.textContent = data.unmuteModalTitle || texts.unmute;
    title.id = "gcp-modal-title";
    modal.setAttribute("aria-labelledby", title.id);
    const unmute = document.createElement("button");
    unmute.type = "button";
    unmute.className = "gcp-unmute";
    unmute.textContent = data.unmuteModalButton || texts.unmute;
    const carryOn = document.createElement("button");
    carryOn.type = "button";
    carryOn.className = "gcp-continue";
    carryOn.textContent = data.unmuteModalContinue || texts.next;
    const close = (withSound: boolean) => {
      if (withSound) onUnmute();
      backdrop.remove();
      resolve();
    };
    unmute.addEventListener("click", () => close(true));
    carryOn.addEventListener("click", () => close(false));
    modal.append(title, unmute, carryOn);
    backdrop.append(modal);
    layer.append(backdrop);
    run.onCleanup(() => backdrop.remove());
    unmute.focus({ preventScroll: true });
  });
  await run.sleep(copilotTiming.afterModalMs);
}
