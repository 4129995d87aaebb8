import type { TourData } from "../../shared/tour-messages.ts";
import { isImageSource } from "../common/safe-html.ts";
import type { TourTexts } from "../common/tour-texts.ts";
import type { CopilotClock } from "./copilot-run.ts";
import { copilotIcons, copilotStyles } from "./copilot-styles.ts";
import { copilotTiming } from "./copilot-timing.ts";

/**
 * The co-pilot's elements in the widget's shadow root: the shield that holds the page still, the
 * pointer with its info bubble, and the badge (avatar, name, mute, and close when allowed).
 */
export function buildCopilotLayer(
  document: Document,
  data: TourData,
  look: { nonce?: string; brandColor: string; texts: TourTexts },
  on: { toggleMute(): void; dismiss(): void },
) {
  const style = document.createElement("style");
  if (look.nonce) style.nonce = look.nonce;
  style.textContent = copilotStyles(look.brandColor);
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
  muteButton.addEventListener("click", () => on.toggleMute());
  // Spec §2: without voices there is nothing to mute.
  if (data.playVoice) badge.append(muteButton);
  if (data.allowClose === true) {
    const dismiss = document.createElement("button");
    dismiss.type = "button";
    dismiss.className = "gcp-icon-button gcp-dismiss";
    dismiss.innerHTML = copilotIcons.dismiss;
    dismiss.setAttribute("aria-label", look.texts.close);
    dismiss.title = look.texts.close;
    dismiss.addEventListener("click", () => on.dismiss());
    badge.append(dismiss);
  }
  layer.append(shield, pointer, badge);
  return { style, layer, shield, pointer, bubble, muteButton };
}

/** The mute button's icon and label for the sound's state. */
export function showMuted(button: HTMLButtonElement, muted: boolean, texts: TourTexts) {
  button.innerHTML = muted ? copilotIcons.soundOff : copilotIcons.soundOn;
  const label = muted ? texts.unmute : texts.mute;
  button.setAttribute("aria-label", label);
  button.title = label;
  button.setAttribute("aria-pressed", String(muted));
}

/** A CLICK step's ripple over the element's centre. */
export function ripple(layer: HTMLElement, target: Element, clock: CopilotClock) {
  const box = target.getBoundingClientRect();
  const wave = layer.ownerDocument.createElement("div");
  wave.className = "gcp-ripple";
  wave.style.left = `${box.left + box.width / 2}px`;
  wave.style.top = `${box.top + box.height / 2}px`;
  layer.append(wave);
  clock.set(() => wave.remove(), copilotTiming.rippleMs);
}
