/**
 * Styles of the hotspots and tooltip bubbles, scoped by the widget's shadow root. Everything is
 * `position: fixed` in viewport pixels; the layer resets every property (`all: initial`), so nothing
 * the host page sets is inherited. Spec §2: leaving fades the bubble out over 200 ms.
 */
export const fadeMs = 200;

export const tooltipStyles = `
.gt-layer { all: initial; }
.gt-hotspot {
  all: initial;
  position: fixed;
  z-index: 2147482998;
  width: 17px;
  height: 17px;
  display: block;
  cursor: pointer;
  border-radius: 50%;
  color: var(--gt-color, #485BFF);
  line-height: 0;
}
.gt-hotspot[hidden], .gt-bubble[hidden] { display: none; }
.gt-hotspot svg { position: relative; z-index: 1; display: block; }
.gt-hotspot:focus-visible { outline: 2px solid var(--gt-color, #485BFF); outline-offset: 2px; }
.gt-pulse {
  position: absolute;
  inset: 0;
  border-radius: 50%;
  background: var(--gt-color, #485BFF);
  animation: gt-pulse 1.6s ease-out infinite;
  pointer-events: none;
}
@keyframes gt-pulse {
  0% { transform: scale(1); opacity: 0.55; }
  80%, 100% { transform: scale(2.4); opacity: 0; }
}
@media (prefers-reduced-motion: reduce) { .gt-pulse { animation: none; opacity: 0; } }
.gt-bubble {
  all: initial;
  position: fixed;
  z-index: 2147483001;
  box-sizing: border-box;
  max-width: min(300px, calc(100vw - 16px));
  padding: 10px 14px;
  border-radius: 10px;
  background: #FFFFFF;
  color: #1F2937;
  /* A drop shadow (not a box shadow) outlines the arrow too, so it shows on a white page. */
  filter: drop-shadow(0 0 1px rgba(15, 23, 42, 0.35)) drop-shadow(0 6px 14px rgba(15, 23, 42, 0.16));
  font: 14px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif;
  overflow-wrap: break-word;
  opacity: 0;
  transition: opacity ${fadeMs}ms ease;
  visibility: hidden;
}
.gt-bubble.gt-shown { opacity: 1; visibility: visible; }
.gt-bubble.gt-fading { opacity: 0; visibility: visible; }
.gt-content > :first-child { margin-top: 0; }
.gt-content > :last-child { margin-bottom: 0; }
.gt-content p, .gt-content ul, .gt-content ol, .gt-content blockquote, .gt-content pre { margin: 0 0 8px; }
.gt-content h1, .gt-content h2, .gt-content h3, .gt-content h4 { margin: 0 0 6px; font-size: 15px; line-height: 1.35; font-weight: 650; }
.gt-content ul, .gt-content ol { padding-left: 20px; }
.gt-content a { color: var(--gt-color, #485BFF); text-decoration: underline; }
.gt-content img { max-width: 100%; height: auto; border-radius: 6px; display: block; }
.gt-content code, .gt-content pre { font: 13px/1.4 ui-monospace, monospace; }
.gt-content strong, .gt-content b { font-weight: 650; }
.gt-arrow {
  position: absolute;
  width: 14px;
  height: 14px;
  background: inherit;
  transform: rotate(45deg);
  clip-path: polygon(0 0, 100% 100%, 0 100%);
}
.gt-bubble[data-side="right"] .gt-arrow { left: -7px; margin-top: -7px; }
.gt-bubble[data-side="left"] .gt-arrow { right: -7px; margin-top: -7px; transform: rotate(225deg); }
.gt-bubble[data-side="bottom"] .gt-arrow { top: -7px; margin-left: -7px; transform: rotate(135deg); }
.gt-bubble[data-side="top"] .gt-arrow { bottom: -7px; margin-left: -7px; transform: rotate(-45deg); }
`;
