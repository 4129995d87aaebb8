import type { TourData, TourStepData } from "../../shared/tour-messages.ts";
import { isImageSource } from "../common/safe-html.ts";
import type { TourTexts } from "../common/tour-texts.ts";
import { waitForElement } from "../common/wait-for-element.ts";
import { copilotIcons, copilotStyles } from "./copilot-styles.ts";
import {
  copilotTiming,
  isFullyVisible,
  pointerPlacement,
  readingTimeMs,
  typingDelaysMs,
} from "./copilot-timing.ts";

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

export interface CopilotClock {
  set(callback: () => void, ms: number): unknown;
  clear(id: unknown): void;
}

/** The part of an audio element the co-pilot uses. */
export interface CopilotAudio {
  muted: boolean;
  play(): Promise<void>;
  pause(): void;
  addEventListener(type: "ended", listener: () => void): void;
}

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

const isWebAddress = (url: string) => /^(https?:|\/(?!\/))/i.test(url);

/** The message as plain text (the bubble shows no markup); parsing in an inert document runs nothing. */
function plainText(html: string): string {
  if (!html) return "";
  const parsed = new DOMParser().parseFromString(html, "text/html");
  return (parsed.body.textContent ?? "").replace(/\s+/g, " ").trim();
}

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

export function runCopilotTour(data: TourData, deps: CopilotDependencies): CopilotHandle {
  const { root, clock, texts } = deps;
  const document = root.ownerDocument;
  const window = document.defaultView ?? globalThis.window;
  const timers = new Set<unknown>();
  const cleanups: Array<() => void> = [];
  const abort = new AbortController();
  let stopped = false;
  let muted = false;
  let audio: CopilotAudio | null = null;
  let anchor: Element | null = null;
  let scrollTimer: unknown = null;
  let scrollTargets: Array<Window | Element> = [];

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const id = clock.set(() => {
        timers.delete(id);
        resolve();
      }, ms);
      timers.add(id);
    });

  // ---------- the elements ----------
  const style = document.createElement("style");
  if (deps.nonce) style.nonce = deps.nonce;
  style.textContent = copilotStyles(deps.brandColor);
  const layer = document.createElement("div");
  layer.className = "gcp-layer";
  layer.dataset.gleapSurface = "copilot";
  const shield = document.createElement("div");
  shield.className = data.gradient ? "gcp-shield gcp-gradient" : "gcp-shield";
  const pointer = document.createElement("div");
  pointer.className = "gcp-pointer";
  pointer.innerHTML = copilotIcons.arrow;
  const bubble = document.createElement("div");
  bubble.className = "gcp-bubble";
  bubble.setAttribute("role", "status");
  bubble.setAttribute("aria-live", "polite");
  pointer.append(bubble);

  const badge = document.createElement("div");
  badge.className = "gcp-badge";
  if (data.kaiAvatar && isImageSource(data.kaiAvatar)) {
    const avatar = document.createElement("img");
    avatar.className = "gcp-avatar";
    avatar.src = data.kaiAvatar;
    avatar.alt = "";
    badge.append(avatar);
  }
  const slug = document.createElement("span");
  slug.className = "gcp-slug";
  slug.textContent = data.kaiSlug;
  badge.append(slug);
  const muteButton = document.createElement("button");
  muteButton.type = "button";
  muteButton.className = "gcp-icon-button gcp-mute";
  muteButton.addEventListener("click", () => setMuted(!muted));
  // Spec §2: without voices there is nothing to mute.
  if (data.playVoice) badge.append(muteButton);
  if (data.allowClose === true) {
    const dismiss = document.createElement("button");
    dismiss.type = "button";
    dismiss.className = "gcp-icon-button gcp-dismiss";
    dismiss.innerHTML = copilotIcons.dismiss;
    dismiss.setAttribute("aria-label", texts.close);
    dismiss.title = texts.close;
    dismiss.addEventListener("click", () => finish(false));
    badge.append(dismiss);
  }
  layer.append(shield, pointer, badge);
  root.append(style, layer);

  function setMuted(next: boolean) {
    muted = next;
    if (audio) audio.muted = muted;
    muteButton.innerHTML = muted ? copilotIcons.soundOff : copilotIcons.soundOn;
    const label = muted ? texts.unmute : texts.mute;
    muteButton.setAttribute("aria-label", label);
    muteButton.title = label;
    muteButton.setAttribute("aria-pressed", String(muted));
  }
  setMuted(false);

  // ---------- the pointer ----------
  const viewport = () => ({ width: window.innerWidth, height: window.innerHeight });

  function placePointer(target: Element | null) {
    const placement = pointerPlacement(target ? target.getBoundingClientRect() : null, viewport());
    pointer.style.left = `${placement.x}px`;
    pointer.style.top = `${placement.y}px`;
    pointer.style.setProperty("--gcp-bubble-width", `${placement.bubbleWidth}px`);
    pointer.classList.toggle("gcp-flipped", placement.flipped);
  }

  function scrollableAncestors(element: Element): Element[] {
    const found: Element[] = [];
    for (let current = element.parentElement; current; current = current.parentElement) {
      const overflow = window.getComputedStyle(current).overflowY;
      if ((overflow === "auto" || overflow === "scroll") && current.scrollHeight > current.clientHeight)
        found.push(current);
    }
    return found;
  }

  const onScroll = () => {
    if (scrollTimer !== null) clock.clear(scrollTimer);
    scrollTimer = clock.set(() => {
      scrollTimer = null;
      if (!stopped) placePointer(anchor);
    }, copilotTiming.scrollDebounceMs);
  };

  function followScrolling(target: Element | null) {
    for (const element of scrollTargets) element.removeEventListener("scroll", onScroll);
    scrollTargets = target ? [...scrollableAncestors(target), window] : [];
    for (const element of scrollTargets) element.addEventListener("scroll", onScroll, { passive: true });
  }

  /** Scrolls the element into view, waits until it is (up to 20 × 100 ms), then points at it. */
  async function pointAt(target: Element | null) {
    anchor = target;
    pointer.classList.add("gcp-visible");
    if (!target) {
      followScrolling(null);
      placePointer(null);
      return;
    }
    try {
      target.scrollIntoView({ behavior: "smooth", block: "center", inline: "center" });
    } catch {
      // An element that cannot scroll into view is pointed at where it is.
    }
    for (let retry = 0; retry < copilotTiming.scrollRetries; retry++) {
      if (isFullyVisible(target.getBoundingClientRect(), viewport())) break;
      await sleep(copilotTiming.scrollRetryMs);
      if (stopped) return;
    }
    placePointer(target);
    followScrolling(target);
  }

  const onResize = () => placePointer(anchor);
  window.addEventListener("resize", onResize);
  cleanups.push(() => {
    window.removeEventListener("resize", onResize);
    followScrolling(null);
    if (scrollTimer !== null) clock.clear(scrollTimer);
  });

  // ---------- the steps ----------
  /** The step's voice, or its reading time when it has none (or the browser refuses to play it). */
  function speak(step: TourStepData, message: string): Promise<void> {
    const reading = () => sleep(readingTimeMs(message));
    if (!data.playVoice || !step.voice || !isWebAddress(step.voice)) return reading();
    return new Promise<void>((resolve) => {
      let voice: CopilotAudio;
      try {
        voice = deps.createAudio(step.voice);
      } catch {
        return void reading().then(resolve);
      }
      audio = voice;
      voice.muted = muted;
      voice.addEventListener("ended", () => void sleep(copilotTiming.afterVoiceMs).then(resolve));
      voice.play().catch(() => {
        if (audio === voice) audio = null;
        void reading().then(resolve);
      });
    });
  }

  /** Spec §4 INPUT (default): the visitor types; once the field holds text the bubble becomes Next. */
  function waitForVisitor(target: Element): Promise<void> {
    return new Promise<void>((resolve) => {
      const refocus = () => {
        if (!stopped) (target as HTMLElement).focus?.({ preventScroll: true });
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
      cleanups.push(done);
      refocus();
    });
  }

  async function autoType(target: Element, value: string) {
    (target as HTMLElement).focus?.({ preventScroll: true });
    const characters = Array.from(value);
    let elapsed = 0;
    for (const [index, at] of typingDelaysMs(value).entries()) {
      await sleep(at - elapsed);
      if (stopped) return;
      elapsed = at;
      typeInto(target, characters[index] ?? "");
    }
    await sleep(copilotTiming.afterTypingMs);
  }

  function ripple(target: Element) {
    const box = target.getBoundingClientRect();
    const wave = document.createElement("div");
    wave.className = "gcp-ripple";
    wave.style.left = `${box.left + box.width / 2}px`;
    wave.style.top = `${box.top + box.height / 2}px`;
    layer.append(wave);
    clock.set(() => wave.remove(), copilotTiming.rippleMs);
  }

  async function unmuteModal() {
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
        if (withSound) setMuted(false);
        backdrop.remove();
        resolve();
      };
      unmute.addEventListener("click", () => close(true));
      carryOn.addEventListener("click", () => close(false));
      modal.append(title, unmute, carryOn);
      backdrop.append(modal);
      layer.append(backdrop);
      cleanups.push(() => backdrop.remove());
      unmute.focus({ preventScroll: true });
    });
    await sleep(copilotTiming.afterModalMs);
  }

  async function drive() {
    // The autoplay check runs during the first 1.5 s rather than before them.
    const [playable] = await Promise.all([
      deps.canPlayAudio().catch(() => false),
      sleep(copilotTiming.startDelayMs),
    ]);
    if (stopped) return;
    setMuted(!playable);
    if (muted && data.showUnmuteModal) await unmuteModal();
    for (const [index, step] of data.steps.entries()) {
      if (stopped) return;
      deps.onStep(index);
      let target: Element | null = null;
      if (step.selector) {
        target = await waitForElement(document, step.selector, {
          timeoutMs: copilotTiming.selectorTimeoutMs,
          pollMs: copilotTiming.selectorPollMs,
          signal: abort.signal,
          sleep,
        });
        if (stopped) return;
        if (!target) {
          console.warn(`Gleap: Element not found for selector ${step.selector}`);
          return finish(false);
        }
      }
      await pointAt(target);
      if (stopped) return;
      const message = plainText(step.message) || "🤔";
      bubble.textContent = message;
      await speak(step, message);
      if (stopped) return;
      audio = null;
      if (step.mode === "INPUT" && target) {
        if (step.inputType === "auto") await autoType(target, step.inputValue);
        else await waitForVisitor(target);
      } else if (step.mode === "CLICK" && target) {
        deps.onStep(index + 1);
        ripple(target);
        (target as HTMLElement).click?.();
      }
    }
    if (stopped) return;
    await sleep(copilotTiming.completeDelayMs);
    finish(true);
  }

  function teardown(fade: boolean) {
    stopped = true;
    abort.abort();
    audio?.pause();
    audio = null;
    for (const cleanup of cleanups.splice(0)) cleanup();
    for (const id of timers) clock.clear(id);
    timers.clear();
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
    if (stopped) return;
    teardown(true);
    deps.onEnd(completed);
  }

  drive().catch((error) => {
    console.warn("Gleap: the co-pilot tour stopped", error);
    finish(false);
  });

  return {
    stop() {
      if (!stopped) teardown(false);
    },
  };
}
