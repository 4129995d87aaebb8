import type { TourTexts } from "../common/tour-texts.ts";
import type { CopilotRun } from "./copilot-run.ts";
import { copilotIcons } from "./copilot-styles.ts";
import { copilotTiming, typingDelaysMs } from "./copilot-timing.ts";

/** Sets a field's value the way typing would, so frameworks that watch the native setter notice. */
function typeInto(element: Element, text: string) {
  if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) {
    const prototype =
      element instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
    const setter = Object.getOwnPropertyDescriptor(prototype, "value")?.set;
    const next = element.value + text;
    if (setter) setter.call(element, next);
    else element.value = next;
  } else {
    element.textContent = (element.textContent ?? "") + text;
  }
  element.dispatchEvent(new Event("input", { bubbles: true }));
}

function hasText(element: Element): boolean {
  const value =
    "value" in element ? String((element as HTMLInputElement).value ?? "") : (element.textContent ?? "");
  return value.length > 0;
}

/** Spec §4 INPUT (default): the visitor types; once the field holds text the bubble becomes Next. */
export function waitForVisitor(
  target: Element,
  view: { pointer: HTMLElement; bubble: HTMLElement; texts: TourTexts },
  run: CopilotRun,
): Promise<void> {
  const { pointer, bubble, texts } = view;
  return new Promise<void>((resolve) => {
    const refocus = () => {
      if (!run.stopped()) (target as HTMLElement).focus?.({ preventScroll: true });
    };
    const onInput = () => {
      if (!hasText(target) || pointer.classList.contains("gcp-clickmode")) return;
      pointer.classList.add("gcp-clickmode");
      bubble.textContent = `${texts.next} `;
      bubble.insertAdjacentHTML("beforeend", copilotIcons.next);
      bubble.setAttribute("role", "button");
      bubble.tabIndex = 0;
    };
    const proceed = (event: Event) => {
      if (!pointer.classList.contains("gcp-clickmode")) return;
      if (event instanceof KeyboardEvent && event.key !== "Enter" && event.key !== " ") return;
      event.preventDefault();
      done();
      resolve();
    };
    const done = () => {
      target.removeEventListener("input", onInput);
      target.removeEventListener("keyup", onInput);
      target.removeEventListener("blur", refocus);
      bubble.removeEventListener("click", proceed);
      bubble.removeEventListener("keydown", proceed);
      pointer.classList.remove("gcp-clickmode");
      bubble.setAttribute("role", "status");
      bubble.removeAttribute("tabindex");
    };
    target.addEventListener("input", onInput);
    target.addEventListener("keyup", onInput);
    // The shield takes clicks off the page: focus goes back to the field the visitor types in.
    target.addEventListener("blur", refocus);
    bubble.addEventListener("click", proceed);
    bubble.addEventListener("keydown", proceed);
    run.onCleanup(done);
    refocus();
  });
}

/** Spec §4 INPUT `auto`: types the value itself, 100 ms a character, and goes on 1.2 s later. */
export async function autoType(target: Element, value: string, run: CopilotRun) {
  (target as HTMLElement).focus?.({ preventScroll: true });
  const characters = Array.from(value);
  let elapsed = 0;
  for (const [index, at] of typingDelaysMs(value).entries()) {
    await run.sleep(at - elapsed);
    if (run.stopped()) return;
    elapsed = at;
    typeInto(target, characters[index] ?? "");
  }
  await run.sleep(copilotTiming.afterTypingMs);
}
