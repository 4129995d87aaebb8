import { textColorFor } from "../common/text-colour.ts";
import { copilotTiming } from "./copilot-timing.ts";

/**
 * The co-pilot's look, inside the widget's shadow root (spec §2 "AI co-pilot tour"): a transparent
 * shield over the page while the co-pilot drives (optionally with the gradient border), the pointer
 * with its info bubble, the top-right badge, the click ripple and the unmute modal.
 */
export function copilotStyles(brandColor: string): string {
  const color = /^#[0-9a-f]{3,8}$/i.test(brandColor) ? brandColor : "#485BFF";
  const gradient = "linear-gradient(45deg, #ED5587, #FBE6A9, #A6E3F8, #C294F2)";
  return `
.gcp-layer {
  all: initial;
  position: fixed;
  inset: 0;
  z-index: 2147483647;
  pointer-events: none;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
  transition: opacity ${copilotTiming.fadeOutMs}ms ease-out;
}
.gcp-layer.gcp-leaving { opacity: 0; }
.gcp-layer *, .gcp-layer *::before, .gcp-layer *::after { box-sizing: border-box; }
/* The page is the co-pilot's while it drives: clicks on it are held back. */
.gcp-shield { position: fixed; inset: 0; pointer-events: auto; animation: gcp-fade-in 1.5s ease-out both; }
.gcp-shield.gcp-gradient::before, .gcp-shield.gcp-gradient::after {
  content: "";
  position: fixed;
  inset: 0;
  border: 18px solid transparent;
  border-image: ${gradient} 1;
  pointer-events: none;
}
.gcp-shield.gcp-gradient::before { filter: blur(25px); }
.gcp-shield.gcp-gradient::after { border-width: 3px; opacity: 0.5; }
.gcp-pointer {
  position: fixed;
  left: 50%;
  top: 50%;
  width: 0;
  height: 0;
  opacity: 0;
  transition: left 0.5s ease, top 0.5s ease, opacity 0.3s ease;
}
.gcp-pointer.gcp-visible { opacity: 1; }
.gcp-arrow { position: absolute; left: -1px; top: -1px; width: 20px; height: auto; overflow: visible; }
.gcp-bubble {
  position: absolute;
  top: 22px;
  left: 10px;
  width: max-content;
  max-width: var(--gcp-bubble-width, ${copilotTiming.bubbleWidthCap}px);
  padding: 10px 15px;
  border: 0;
  border-radius: 20px;
  background: #111;
  color: #fff;
  font: inherit;
  font-size: 14px;
  line-height: 1.45;
  text-align: start;
  white-space: normal;
  overflow-wrap: break-word;
  box-shadow: 0 2px 10px rgba(0, 0, 0, 0.25);
}
.gcp-pointer.gcp-flipped .gcp-bubble { left: auto; right: 10px; }
.gcp-pointer.gcp-flipped .gcp-arrow { transform: scaleX(-1); left: -19px; }
.gcp-pointer.gcp-clickmode .gcp-arrow { display: none; }
.gcp-pointer.gcp-clickmode .gcp-bubble { pointer-events: auto; cursor: pointer; display: inline-flex; align-items: center; gap: 6px; }
.gcp-pointer.gcp-clickmode .gcp-bubble:hover { background: #2a2a2a; }
.gcp-bubble:focus-visible { outline: 2px solid ${color}; outline-offset: 2px; }
.gcp-badge {
  position: fixed;
  top: 20px;
  right: 20px;
  display: flex;
  align-items: center;
  gap: 8px;
  padding: 6px;
  border-radius: 10px;
  border: 1px solid rgba(192, 146, 242, 0.5);
  background: #fff;
  box-shadow: 0 0 20px 0 #C294F2;
  pointer-events: auto;
  animation: gcp-slide-in 0.5s ease-out both;
}
.gcp-avatar { width: 24px; height: 24px; flex-shrink: 0; border-radius: 6px; object-fit: cover; }
.gcp-slug { font-size: 13px; color: #000; padding-inline-end: 2px; }
.gcp-icon-button {
  display: grid;
  place-items: center;
  width: 26px;
  height: 26px;
  padding: 0;
  border: 0;
  border-radius: 6px;
  background: transparent;
  color: #111;
  cursor: pointer;
}
.gcp-icon-button:hover { background: #f1f3f7; }
.gcp-icon-button:focus-visible { outline: 2px solid ${color}; outline-offset: 1px; }
.gcp-icon-button svg { width: 18px; height: 18px; }
.gcp-mute svg { animation: gcp-pulse 2s infinite; }
.gcp-ripple {
  position: fixed;
  width: 34px;
  height: 34px;
  margin: -17px 0 0 -17px;
  border-radius: 50%;
  background: rgba(0, 0, 0, 0.5);
  pointer-events: none;
  animation: gcp-ripple ${copilotTiming.rippleMs}ms ease forwards;
}
.gcp-modal-backdrop {
  position: fixed;
  inset: 0;
  display: flex;
  align-items: center;
  justify-content: center;
  background: rgba(0, 0, 0, 0.5);
  pointer-events: auto;
}
.gcp-modal {
  width: 400px;
  max-width: 90%;
  padding: 20px;
  border-radius: 12px;
  background: #fff;
  color: #111;
  text-align: center;
  box-shadow: 0 10px 40px rgba(0, 0, 0, 0.35);
}
.gcp-modal p { margin: 0 0 20px; font-size: 16px; line-height: 22px; }
.gcp-unmute {
  padding: 10px 14px;
  border: 0;
  border-radius: 12px;
  background: ${color};
  color: ${textColorFor(color)};
  font: inherit;
  font-size: 14px;
  font-weight: 700;
  cursor: pointer;
}
.gcp-continue {
  margin-inline-start: 20px;
  padding: 0;
  border: 0;
  background: none;
  color: ${color};
  font: inherit;
  font-size: 14px;
  font-weight: 700;
  cursor: pointer;
}
.gcp-unmute:hover, .gcp-continue:hover { opacity: 0.85; }
@keyframes gcp-ripple { from { transform: scale(0.2); opacity: 1; } to { transform: scale(2); opacity: 0; } }
@keyframes gcp-slide-in { from { transform: translateY(-100%); opacity: 0; } to { transform: none; opacity: 1; } }
@keyframes gcp-fade-in { from { opacity: 0; } to { opacity: 1; } }
@keyframes gcp-pulse { 0%, 100% { transform: scale(1); opacity: 1; } 50% { transform: scale(1.1); opacity: 0.8; } }
@media (prefers-reduced-motion: reduce) {
  .gcp-pointer, .gcp-layer { transition: none; }
  .gcp-mute svg, .gcp-badge, .gcp-shield { animation: none; }
}
`;
}

/** Own drawings: the pointer arrow, the speaker on and off, and the dismiss cross. */
export const copilotIcons = {
  arrow:
    '<svg class="gcp-arrow" viewBox="0 0 380 476" aria-hidden="true"><path d="M352.6 268.3 78.6 24.7A38 38 0 0 0 15 53.2V424a37 37 0 0 0 64.9 24.4l100.9-115.3h147.1a37 37 0 0 0 24.7-64.8Z" fill="#111" stroke="#fff" stroke-width="30"/></svg>',
  soundOn:
    '<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M11 5 6 9H2v6h4l5 4z"/><path d="M15.5 8.5a5 5 0 0 1 0 7"/><path d="M19 5a10 10 0 0 1 0 14"/></svg>',
  soundOff:
    '<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M11 5 6 9H2v6h4l5 4z"/><path d="m22 9-6 6"/><path d="m16 9 6 6"/></svg>',
  dismiss:
    '<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2.2" stroke-linecap="round" aria-hidden="true"><path d="M6 6l12 12M18 6 6 18"/></svg>',
  next: '<svg viewBox="0 0 448 512" width="14" height="14" aria-hidden="true"><path fill="currentColor" d="M438.6 278.6a32 32 0 0 0 0-45.3l-160-160a32 32 0 0 0-45.3 45.3L338.8 224H32a32 32 0 0 0 0 64h306.7L233.4 393.4a32 32 0 0 0 45.3 45.3z"/></svg>',
};
