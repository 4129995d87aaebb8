import { textColorFor } from "../common/text-colour.ts";
import { tourLook } from "./tour-steps.ts";

/**
 * The popover and the overlay of a product tour, inside the widget's shadow root: tour-stage.ts and
 * tour-popover.ts build the elements, these rules are all of their look, so nothing of the host page's
 * CSS reaches them and nothing of ours reaches the page. Spec §2/§9: 250 to 300 px wide (a "post"
 * 550 px), overlay at 0.7. Only opacity is animated: the page is not laid out again while it fades.
 */
export function tourStyles(brandColor: string): string {
  const color = /^#[0-9a-f]{3,8}$/i.test(brandColor) ? brandColor : "#485BFF";
  const ms = `${tourLook.animationMs}ms`;
  const arrow = `${tourLook.arrowSize}px`;
  const half = `${-tourLook.arrowSize / 2}px`;
  return `
.gtr-layer {
  all: initial;
  position: fixed;
  inset: 0;
  pointer-events: none;
  z-index: 2147483647;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
}
.gtr-layer[hidden] { display: none; }
.gtr-overlay { position: fixed; inset: 0; opacity: 0; transition: opacity ${ms} ease; }
.gtr-layer.gtr-on .gtr-overlay { opacity: 1; }
/* The dark part: the cut-out's shadow, wide enough to cover any window. */
.gtr-cutout {
  position: fixed;
  border-radius: ${tourLook.stageRadius}px;
  box-shadow: 0 0 0 200vmax rgba(0, 0, 0, ${tourLook.overlayOpacity});
  pointer-events: none;
}
/* Transparent, around the cut-out: they catch the clicks on the dark part. */
.gtr-block { position: fixed; pointer-events: auto; }
.gtr-popover {
  position: fixed;
  left: 0;
  top: 0;
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
  transition: opacity ${ms} ease;
  z-index: 1;
}
.gtr-popover.gtr-wide { width: 550px; min-width: 0; max-width: calc(100vw - 20px); }
.gtr-popover.gtr-shown { opacity: 1; }
.gtr-popover.gtr-away { visibility: hidden; pointer-events: none; }
.gtr-popover *, .gtr-popover *::before, .gtr-popover *::after { box-sizing: border-box; }
.gtr-popover:focus-visible { outline: 2px solid ${color}; outline-offset: 2px; }
.gtr-arrow { position: absolute; width: ${arrow}; height: ${arrow}; z-index: -1; }
.gtr-arrow[hidden] { display: none; }
.gtr-arrow::before { content: ""; position: absolute; inset: 0; background: #fff; transform: rotate(45deg); }
.gtr-popover[data-side="top"] > .gtr-arrow { bottom: ${half}; }
.gtr-popover[data-side="bottom"] > .gtr-arrow { top: ${half}; }
.gtr-popover[data-side="left"] > .gtr-arrow { right: ${half}; }
.gtr-popover[data-side="right"] > .gtr-arrow { left: ${half}; }
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
  .gtr-popover, .gtr-overlay { transition: none; }
}
`;
}
