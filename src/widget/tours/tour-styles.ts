import { textColorFor } from "../common/text-colour.ts";
import { tourLook } from "./tour-steps.ts";

/**
 * The popover and the overlay of a product tour, inside the widget's shadow root: shepherd.js draws
 * the elements (its class names), these rules are all of their look, so nothing of the host page's CSS
 * reaches them and nothing of ours reaches the page. Spec §2/§9: 250 to 300 px wide (a "post" 550 px),
 * overlay at 0.7, transitions of 400 ms.
 */
export function tourStyles(brandColor: string): string {
  const color = /^#[0-9a-f]{3,8}$/i.test(brandColor) ? brandColor : "#485BFF";
  const ms = `${tourLook.animationMs}ms`;
  return `
.gtr-layer {
  all: initial;
  position: fixed;
  inset: 0;
  pointer-events: none;
  z-index: 2147483647;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
}
.shepherd-modal-overlay-container {
  position: fixed;
  left: 0;
  top: 0;
  width: 100vw;
  height: 0;
  opacity: 0;
  overflow: hidden;
  pointer-events: none;
  transition: opacity ${ms} ease, height 0ms ${ms};
}
.shepherd-modal-overlay-container.shepherd-modal-is-visible {
  height: 100vh;
  opacity: ${tourLook.overlayOpacity};
  transition: opacity ${ms} ease, height 0ms 0ms;
}
/* The dark part catches clicks; the cut-out lets them through to the step's element. */
.shepherd-modal-overlay-container.shepherd-modal-is-visible path { pointer-events: all; fill: #000; }
.shepherd-element {
  box-sizing: border-box;
  min-width: 250px;
  max-width: min(300px, calc(100vw - 20px));
  pointer-events: auto;
  background: #fff;
  color: #1f2430;
  border-radius: 12px;
  box-shadow: 0 18px 48px rgba(15, 23, 42, 0.28), 0 2px 8px rgba(15, 23, 42, 0.12);
  outline: none;
  opacity: 0;
  visibility: hidden;
  transition: opacity ${ms} ease, visibility ${ms};
  z-index: 1;
}
.shepherd-element.gtr-wide { width: 550px; min-width: 0; max-width: calc(100vw - 20px); }
.shepherd-element.shepherd-enabled { opacity: 1; visibility: visible; }
.shepherd-element[data-popper-reference-hidden]:not(.shepherd-centered) { opacity: 0; visibility: hidden; pointer-events: none; }
.shepherd-element *, .shepherd-element *::before, .shepherd-element *::after { box-sizing: border-box; }
.shepherd-element:focus-visible { outline: 2px solid ${color}; outline-offset: 2px; }
.shepherd-arrow, .shepherd-arrow::before { position: absolute; width: 14px; height: 14px; z-index: -1; }
.shepherd-arrow::before { content: ""; background: #fff; transform: rotate(45deg); }
.shepherd-element[data-popper-placement^="top"] > .shepherd-arrow { bottom: -7px; }
.shepherd-element[data-popper-placement^="bottom"] > .shepherd-arrow { top: -7px; }
.shepherd-element[data-popper-placement^="left"] > .shepherd-arrow { right: -7px; }
.shepherd-element[data-popper-placement^="right"] > .shepherd-arrow { left: -7px; }
.shepherd-element.shepherd-centered > .shepherd-arrow { display: none; }
.shepherd-content { border-radius: 12px; padding: 0; outline: none; }
.shepherd-text { padding: 0; }
.gtr-body { position: relative; padding: 16px 16px 14px; font-size: 14px; line-height: 1.5; }
.gtr-body[dir="rtl"] { text-align: right; }
.gtr-close {
  position: absolute;
  top: 8px;
  inset-inline-end: 8px;
  width: 28px;
  height: 28px;
  display: grid;
  place-items: center;
  border: 0;
  border-radius: 8px;
  background: transparent;
  color: #6b7280;
  font: inherit;
  font-size: 20px;
  line-height: 1;
  cursor: pointer;
}
.gtr-close:hover { background: #f1f3f7; color: #1f2430; }
.gtr-sender { display: flex; align-items: center; gap: 8px; margin: 0 32px 10px 0; font-size: 13px; color: #4b5563; }
.gtr-body[dir="rtl"] .gtr-sender { margin: 0 0 10px 32px; }
.gtr-sender img { width: 28px; height: 28px; border-radius: 50%; object-fit: cover; background: #eef0f5; }
.gtr-title { margin: 0 32px 6px 0; font-size: 16px; line-height: 1.35; font-weight: 650; color: #111827; }
.gtr-body[dir="rtl"] .gtr-title { margin: 0 0 6px 32px; }
.gtr-message { color: #374151; overflow-wrap: anywhere; }
.gtr-message > :first-child { margin-top: 0; }
.gtr-message > :last-child { margin-bottom: 0; }
.gtr-message p { margin: 0 0 8px; }
.gtr-message img { max-width: 100%; height: auto; border-radius: 8px; }
.gtr-message a { color: ${color}; }
.gtr-no-close .gtr-message { margin-inline-end: 0; }
.gtr-has-close:not(.gtr-has-header) .gtr-message { margin-inline-end: 28px; }
.gtr-video { position: relative; margin: 0 0 10px; border-radius: 10px; overflow: hidden; background: #000; }
.gtr-video video { display: block; width: 100%; max-height: 320px; }
.gtr-sound {
  position: absolute;
  inset-inline-end: 8px;
  bottom: 8px;
  border: 0;
  border-radius: 999px;
  padding: 4px 10px;
  background: rgba(0, 0, 0, 0.6);
  color: #fff;
  font: inherit;
  font-size: 12px;
  cursor: pointer;
}
.gtr-footer { display: flex; align-items: center; gap: 8px; margin-top: 14px; }
.gtr-progress { flex: 1 1 auto; font-size: 12px; color: #6b7280; white-space: nowrap; }
.gtr-buttons { display: flex; gap: 8px; margin-inline-start: auto; }
.gtr-button {
  border: 0;
  border-radius: 8px;
  padding: 7px 14px;
  font: inherit;
  font-size: 13px;
  font-weight: 600;
  line-height: 1.3;
  cursor: pointer;
  transition: opacity 160ms ease, background-color 160ms ease;
}
.gtr-button:focus-visible, .gtr-close:focus-visible, .gtr-sound:focus-visible { outline: 2px solid ${color}; outline-offset: 2px; }
.gtr-primary { background: ${color}; color: ${textColorFor(color)}; }
.gtr-primary:hover:not(:disabled) { opacity: 0.9; }
.gtr-primary:disabled { opacity: 0.45; cursor: not-allowed; }
.gtr-secondary { background: #eef0f5; color: #1f2430; }
.gtr-secondary:hover { background: #e2e5ec; }
.gtr-hint { font-size: 12px; color: #6b7280; }
@media (prefers-reduced-motion: reduce) {
  .shepherd-element, .shepherd-modal-overlay-container { transition: none; }
}
`;
}
