import type { TourData } from "../../shared/tour-messages.ts";
import { parseInertHtml } from "../common/inert-html.ts";
import type { TourTexts } from "../common/tour-texts.ts";
import { waitForElement } from "../common/wait-for-element.ts";
import { autoType, waitForVisitor } from "./copilot-input.ts";
import { buildCopilotLayer, ripple, showMuted } from "./copilot-layer.ts";
import { createCopilotPointer } from "./copilot-pointer.ts";
import { type CopilotClock, createCopilotRun } from "./copilot-run.ts";
import { copilotTiming } from "./copilot-timing.ts";
import { unmuteModal } from "./copilot-unmute-modal.ts";
import { type CopilotAudio, createVoice } from "./copilot-voice.ts";

/**
 * The AI co-pilot tour (spec §4 "Co-pilot tour"): a pointer with an info bubble walks the visitor
 * through the steps while the page is held still. The co-pilot waits 1.5 s, then for each step finds
 * its element (5 s at most, else the tour ends not completed), scrolls to it, shows the message, plays
 * the step's voice or waits the reading time (words / 3.6 + 1 s), then acts: CLICK shows a ripple and
 * clicks; INPUT waits for the visitor to type and offers Next, or types the value itself at 100 ms a
 * character and goes on 1.2 s later. The last step completes 0.5 s later. Sound that the browser will
 * not autoplay starts muted, and with `showUnmuteModal` a modal offers to turn it on first.
 * Everything renders in the widget's shadow root; time comes from `clock`, so tests step through it.
 */

export interface CopilotDependencies {
  root: ShadowRoot;
  nonce?: string;
  brandColor: string;
  texts: TourTexts;
  clock: CopilotClock;
  /** Whether the browser plays sound without a click first (autoplay). */
  canPlayAudio(): Promise<boolean>;
  createAudio(url: string): CopilotAudio;
  /** The step now under way (a CLICK reports the next one before it clicks: the click may leave the page). */
  onStep(index: number): void;
  onEnd(completed: boolean): void;
}

export interface CopilotHandle {
  stop(): void;
}

/** The message as plain text (the bubble shows no markup); parsing in an inert document runs nothing. */
function plainText(html: string): string {
  if (!html) return "";
  const parsed = parseInertHtml(html);
  return (parsed.body.textContent ?? "").replace(/\s+/g, " ").trim();
}

export function runCopilotTour(data: TourData, deps: CopilotDependencies): CopilotHandle {
  const { root, clock, texts } = deps;
  const document = root.ownerDocument;
  const window = document.defaultView ?? globalThis.window;
  const run = createCopilotRun(clock);
  const { sleep } = run;
  const abort = new AbortController();
  const voice = createVoice(data.playVoice, deps.createAudio, run);

  const { style, layer, shield, pointer, bubble, muteButton } = buildCopilotLayer(document, data, deps, {
    toggleMute: () => setMuted(!voice.muted()),
    dismiss: () => finish(false),
  });
  // A co-pilot that just ended fades out for 800 ms; one started meanwhile (the host's own start, or
  // the next tour of the queue) must not show a second badge beside it.
  for (const leaving of root.querySelectorAll(".gcp-layer.gcp-leaving")) leaving.remove();
  root.append(style, layer);

  function setMuted(next: boolean) {
    voice.setMuted(next);
    showMuted(muteButton, next, texts);
  }
  setMuted(false);

  const { pointAt } = createCopilotPointer(window, pointer, clock, run);

  async function drive() {
    // The autoplay check runs during the first 1.5 s rather than before them.
    const [playable] = await Promise.all([
      deps.canPlayAudio().catch(() => false),
      sleep(copilotTiming.startDelayMs),
    ]);
    if (run.stopped()) return;
    setMuted(!playable);
    if (voice.muted() && data.showUnmuteModal)
      await unmuteModal(layer, { data, texts }, run, () => setMuted(false));
    for (const [index, step] of data.steps.entries()) {
      if (run.stopped()) return;
      deps.onStep(index);
      let target: Element | null = null;
      if (step.selector) {
        target = await waitForElement(document, step.selector, {
          timeoutMs: copilotTiming.selectorTimeoutMs,
          pollMs: copilotTiming.selectorPollMs,
          signal: abort.signal,
          sleep,
        });
        if (run.stopped()) return;
        if (!target) {
          console.warn(`Gleap: Element not found for selector ${step.selector}`);
          return finish(false);
        }
      }
      await pointAt(target);
      if (run.stopped()) return;
      const message = plainText(step.message) || "🤔";
      bubble.textContent = message;
      await voice.speak(step, message);
      if (run.stopped()) return;
      voice.forget();
      if (step.mode === "INPUT" && target) {
        if (step.inputType === "auto") await autoType(target, step.inputValue, run);
        else await waitForVisitor(target, { pointer, bubble, texts }, run);
      } else if (step.mode === "CLICK" && target) {
        deps.onStep(index + 1);
        ripple(layer, target, clock);
        (target as HTMLElement).click?.();
      }
    }
    if (run.stopped()) return;
    await sleep(copilotTiming.completeDelayMs);
    finish(true);
  }

  function teardown(fade: boolean) {
    run.stop();
    abort.abort();
    voice.stop();
    run.release();
    shield.remove();
    if (!fade) {
      layer.remove();
      style.remove();
      return;
    }
    layer.classList.add("gcp-leaving");
    clock.set(() => {
      layer.remove();
      style.remove();
    }, copilotTiming.fadeOutMs);
  }

  function finish(completed: boolean) {
    if (run.stopped()) return;
    teardown(true);
    deps.onEnd(completed);
  }

  drive().catch((error) => {
    console.warn("Gleap: the co-pilot tour stopped", error);
    finish(false);
  });

  return {
    stop() {
      if (!run.stopped()) teardown(false);
    },
  };
}
