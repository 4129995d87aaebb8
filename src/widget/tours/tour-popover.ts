import type { TourData, TourStepData } from "../../shared/tour-messages.ts";
import { isImageSource, safeHtmlFragment } from "../common/safe-html.ts";
import type { TourTexts } from "../common/tour-texts.ts";
import type { StepControls } from "./tour-steps.ts";

/**
 * The inside of one popover (spec §2): sender, title, the step's message (admin HTML, rebuilt from an
 * allow-list so nothing in it runs in the host page), an optional muted video with a sound toggle,
 * and the footer with the progress, Back and Next/Done. tour-stage.ts places it and draws the overlay;
 * the buttons call back into the runner.
 */

export interface PopoverActions {
  back(): void;
  primary(): void;
  close(): void;
}

export interface Popover {
  element: HTMLElement;
  /** The Next/Done button (absent on click steps), disabled while an input step's field is empty. */
  primary: HTMLButtonElement | null;
  /** Stops the video's sound toggle from touching a popover that is gone. */
  dispose(): void;
}

function button(document: Document, className: string, label: string, onClick: () => void) {
  const element = document.createElement("button");
  element.type = "button";
  element.className = className;
  element.textContent = label;
  element.addEventListener("click", (event) => {
    event.preventDefault();
    onClick();
  });
  return element;
}

/** Who sends the tour: their picture (when it is one) and first name. */
function senderLine(document: Document, sender: NonNullable<TourData["sender"]>): HTMLElement {
  const line = document.createElement("div");
  line.className = "gtr-sender";
  if (isImageSource(sender.profileImageUrl)) {
    const image = document.createElement("img");
    image.src = sender.profileImageUrl;
    image.alt = "";
    line.append(image);
  }
  const name = document.createElement("span");
  name.textContent = sender.firstName;
  name.dir = "auto";
  line.append(name);
  return line;
}

/** A step's video, playing muted, with the button that turns its sound on and off. */
function stepVideo(document: Document, url: string, texts: TourTexts) {
  const frame = document.createElement("div");
  frame.className = "gtr-video";
  const video = document.createElement("video");
  video.src = url;
  // Browsers play only muted videos on their own; the visitor turns the sound on.
  video.muted = true;
  video.autoplay = true;
  video.playsInline = true;
  video.setAttribute("playsinline", "");
  const sound = button(document, "gtr-sound", texts.unmute, () => {
    video.muted = !video.muted;
    sound.textContent = video.muted ? texts.unmute : texts.mute;
    if (video.paused || video.ended) void video.play()?.catch(() => undefined);
  });
  frame.append(video, sound);
  return { frame, video };
}

export function buildPopover(
  document: Document,
  options: {
    data: TourData;
    step: TourStepData;
    controls: StepControls;
    texts: TourTexts;
    rtl: boolean;
    actions: PopoverActions;
  },
): Popover {
  const { data, step, controls, texts, actions } = options;
  const body = document.createElement("div");
  body.className = "gtr-body";
  // The layout mirrors for a right-to-left widget; each text keeps its own direction (`dir="auto"`
  // below), so English words in an Arabic widget do not read "of 3 1".
  body.dir = options.rtl ? "rtl" : "ltr";
  body.classList.add(controls.close ? "gtr-has-close" : "gtr-no-close");
  const cleanups: Array<() => void> = [];

  if (controls.close) {
    const close = button(document, "gtr-close", "×", actions.close);
    close.setAttribute("aria-label", texts.close);
    close.title = texts.close;
    body.append(close);
  }

  if (data.sender) {
    body.classList.add("gtr-has-header");
    body.append(senderLine(document, data.sender));
  }
  if (step.title) {
    body.classList.add("gtr-has-header");
    const title = document.createElement("h2");
    title.className = "gtr-title";
    title.textContent = step.title;
    title.dir = "auto";
    body.append(title);
  }

  if (controls.video && /^(https?:|\/(?!\/))/i.test(controls.video)) {
    const { frame, video } = stepVideo(document, controls.video, texts);
    body.append(frame);
    cleanups.push(() => video.pause());
  }

  if (step.message) {
    const message = document.createElement("div");
    message.className = "gtr-message";
    message.dir = "auto";
    message.append(safeHtmlFragment(step.message, document));
    body.append(message);
  }

  const footer = document.createElement("div");
  footer.className = "gtr-footer";
  if (controls.progress) {
    const progress = document.createElement("span");
    progress.className = "gtr-progress";
    progress.textContent = controls.progress;
    progress.dir = "auto";
    footer.append(progress);
  }
  const buttons = document.createElement("div");
  buttons.className = "gtr-buttons";
  if (controls.back)
    buttons.append(button(document, "gtr-button gtr-secondary gtr-back", controls.back, actions.back));
  let primary: HTMLButtonElement | null = null;
  if (controls.primary) {
    primary = button(
      document,
      `gtr-button gtr-primary ${controls.isLast ? "gtr-done" : "gtr-next"}`,
      controls.primary,
      () => {
        if (!primary?.disabled) actions.primary();
      },
    );
    buttons.append(primary);
  }
  if (buttons.childElementCount > 0) footer.append(buttons);
  if (footer.childElementCount > 0) body.append(footer);

  return {
    element: body,
    primary,
    dispose: () => {
      for (const cleanup of cleanups) cleanup();
    },
  };
}

/** The one popover of a tour on screen: building the next disposes of the one before. */
export function createPopoverSlot(
  document: Document,
  look: { data: TourData; texts: TourTexts; rtl: boolean },
) {
  let current: Popover | null = null;
  return {
    /** The Next/Done button of the popover on screen. */
    primary: () => current?.primary,
    show(step: TourStepData, controls: StepControls, actions: PopoverActions): HTMLElement {
      current?.dispose();
      current = buildPopover(document, { ...look, step, controls, actions });
      return current.element;
    },
    dispose() {
      current?.dispose();
      current = null;
    },
  };
}
