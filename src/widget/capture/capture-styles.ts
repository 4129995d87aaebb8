import type { FlowConfig } from "../../shared/widget-config-api.ts";
import { hexChannels } from "../common/hex-channels.ts";

/**
 * The capture editor's styles, scoped by the widget's shadow root. The overlay resets what it could
 * inherit (`all: initial` on its root), sits above the page (and above the widget's other surfaces),
 * and takes the project's brand colour for its frame, the dismiss button and Next.
 */

/** Spec §9: text is dark on a colour whose brightness is 160 or more, else white. */
export function textOn(color: string): string {
  const rgb = hexChannels(color);
  if (!rgb) return "#ffffff";
  const [r, g, b] = rgb;
  return (r * 299 + g * 587 + b * 114) / 1000 >= 160 ? "#1b1b1f" : "#ffffff";
}

export function captureStyles(config: Pick<FlowConfig, "color" | "borderRadius">): string {
  const brand = hexChannels(config.color ?? "")
    ? config.color.startsWith("#")
      ? config.color
      : `#${config.color}`
    : "#485BFF";
  const onBrand = textOn(brand);
  const radius = Math.max(0, Math.min(24, Number(config.borderRadius) || 0));
  return `
.gl-capture {
  all: initial;
  position: fixed;
  inset: 0;
  /* Above every other surface of the widget (the notification stack and the modal use the same
     value; the editor is added last, so it is on top). */
  z-index: 2147483647;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
  font-size: 14px;
  line-height: 1.4;
  color: #1b1b1f;
  -webkit-font-smoothing: antialiased;
}
.gl-capture *, .gl-capture *::before, .gl-capture *::after { box-sizing: border-box; }
.gl-capture button {
  font: inherit;
  color: inherit;
  margin: 0;
  border: 0;
  background: none;
  cursor: pointer;
  -webkit-tap-highlight-color: transparent;
}
.gl-capture button:focus-visible { outline: 2px solid ${brand}; outline-offset: 2px; }
.gl-capture-frame {
  position: fixed;
  inset: 0;
  border: 4px solid ${brand};
  pointer-events: none;
  transition: background-color 0.2s ease;
}
.gl-capture[data-type="capture"][data-recording="idle"] .gl-capture-frame,
.gl-capture[data-type="capture"][data-recording="starting"] .gl-capture-frame {
  background-color: rgba(0, 0, 0, 0.72);
}
.gl-capture[data-recording="recording"] .gl-capture-frame { border-color: #EB144C; }
.gl-capture-canvas {
  position: fixed;
  inset: 0;
  width: 100vw;
  height: 100vh;
  cursor: crosshair;
  touch-action: none;
  overflow: visible;
}
.gl-capture[data-tool="pointer"] .gl-capture-canvas,
.gl-capture[data-drawing-enabled="false"] .gl-capture-canvas { pointer-events: none; cursor: auto; }
/* Pointer mode while recording: the page under the overlay takes clicks, the wheel and touches;
   only the toolbar stays the editor's. */
.gl-capture[data-page-reachable="true"] { pointer-events: none; }
.gl-capture[data-page-reachable="true"] .gl-capture-dock { pointer-events: auto; }
.gl-capture-dismiss {
  position: fixed;
  top: 0;
  right: 0;
  width: 40px;
  height: 40px;
  display: flex;
  align-items: center;
  justify-content: center;
  background: ${brand} !important;
  color: ${onBrand} !important;
  border-bottom-left-radius: ${radius}px !important;
}
.gl-capture[dir="rtl"] .gl-capture-dismiss {
  right: auto;
  left: 0;
  border-bottom-left-radius: 0 !important;
  border-bottom-right-radius: ${radius}px !important;
}
.gl-capture[data-recording="recording"] .gl-capture-dismiss { display: none; }
.gl-capture-dock {
  position: fixed;
  top: 20px;
  left: 50%;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 10px;
  max-width: calc(100vw - 24px);
}
.gl-capture-toolbar {
  display: flex;
  align-items: center;
  gap: 2px;
  padding: 5px;
  background: #ffffff;
  border-radius: 10px;
  box-shadow: 0 1px 3px rgba(0, 0, 0, 0.16), 0 8px 28px rgba(0, 0, 0, 0.14);
  transition: opacity 0.25s ease;
  white-space: nowrap;
}
.gl-capture--drawing .gl-capture-dock { opacity: 0; pointer-events: none; }
.gl-capture-tool {
  position: relative;
  width: 40px;
  height: 38px;
  min-width: 40px;
  display: flex;
  align-items: center;
  justify-content: center;
  border-radius: 7px !important;
  color: #3c3c43 !important;
}
.gl-capture-tool:hover:not(:disabled) { background: #f1f1f4 !important; }
.gl-capture-tool[aria-pressed="true"] { background: #ececf1 !important; color: #1b1b1f !important; }
.gl-capture-tool:disabled { opacity: 0.3; cursor: not-allowed; }
.gl-capture-tool--drag { width: 28px; min-width: 28px; cursor: grab; color: #9a9aa3 !important; touch-action: none; }
.gl-capture-tool--drag:active { cursor: grabbing; }
.gl-capture-swatch { width: 20px; height: 20px; border-radius: 50%; box-shadow: inset 0 0 0 1px rgba(0, 0, 0, 0.12); }
.gl-capture-timer {
  min-width: 44px;
  padding: 0 6px;
  font-variant-numeric: tabular-nums;
  font-weight: 600;
  color: #6b6b73;
  text-align: center;
}
.gl-capture[data-recording="recording"] .gl-capture-timer { color: #EB144C; }
.gl-capture-divider { width: 1px; height: 24px; margin: 0 5px; background: #e3e3e8; }
.gl-capture-next {
  height: 38px;
  margin-inline-start: 6px;
  padding: 0 16px;
  border-radius: 8px !important;
  background: ${brand} !important;
  color: ${onBrand} !important;
  font-weight: 600 !important;
  display: inline-flex;
  align-items: center;
  gap: 6px;
}
.gl-capture-next:hover { filter: brightness(1.06); }
.gl-capture-next:disabled { cursor: progress; opacity: 0.85; }
.gl-capture-spinner {
  width: 14px;
  height: 14px;
  border-radius: 50%;
  border: 2px solid currentColor;
  border-right-color: transparent;
  animation: gl-capture-spin 0.7s linear infinite;
}
@keyframes gl-capture-spin { to { transform: rotate(360deg); } }
.gl-capture-pulse { animation: gl-capture-pulse 1.4s ease-in-out infinite alternate; }
@keyframes gl-capture-pulse { from { opacity: 1; } to { opacity: 0.55; } }
.gl-capture-tool[data-tip]::after {
  content: attr(data-tip);
  position: absolute;
  top: calc(100% + 8px);
  left: 50%;
  transform: translateX(-50%);
  padding: 4px 8px;
  border-radius: 6px;
  background: #1b1b1f;
  color: #fff;
  font-size: 12px;
  font-weight: 500;
  white-space: nowrap;
  opacity: 0;
  pointer-events: none;
  transition: opacity 0.15s ease 0.3s;
}
.gl-capture-tool[data-tip]:hover::after, .gl-capture-tool[data-tip]:focus-visible::after { opacity: 1; }
.gl-capture-tool[aria-expanded="true"]::after { display: none; }
.gl-capture-colors {
  display: flex;
  margin: 0;
  border: 0;
  min-width: 0;
  gap: 10px;
  padding: 10px 12px;
  background: #ffffff;
  border-radius: 10px;
  box-shadow: 0 1px 3px rgba(0, 0, 0, 0.16), 0 8px 28px rgba(0, 0, 0, 0.14);
}
.gl-capture-color {
  width: 24px;
  height: 24px;
  border-radius: 50% !important;
  box-shadow: 0 0 0 1px rgba(0, 0, 0, 0.12);
}
.gl-capture-color[aria-pressed="true"] { box-shadow: 0 0 0 2px #ffffff, 0 0 0 4px #1b1b1f; }
.gl-capture-color:hover { transform: scale(1.12); }
.gl-capture-notice {
  display: flex;
  align-items: flex-start;
  gap: 10px;
  max-width: 420px;
  padding: 10px 12px;
  border-radius: 10px;
  background: #1b1b1f;
  color: #ffffff;
  box-shadow: 0 8px 28px rgba(0, 0, 0, 0.2);
}
.gl-capture-notice button { color: #ffffff !important; opacity: 0.8; flex: none; }
.gl-capture-hint {
  padding: 5px 12px;
  border-radius: 999px;
  background: rgba(27, 27, 31, 0.78);
  color: #ffffff;
  font-size: 13px;
  pointer-events: none;
}
.gl-capture-preview {
  position: fixed;
  inset: 0;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: 20px;
  background: rgba(0, 0, 0, 0.6);
}
.gl-capture-preview-card {
  width: 100%;
  max-width: 640px;
  overflow: hidden;
  border-radius: 12px;
  background: #ffffff;
  box-shadow: 0 12px 40px rgba(0, 0, 0, 0.3);
}
.gl-capture-preview-title { margin: 0; padding: 14px 16px 10px; font-size: 15px; font-weight: 600; }
.gl-capture-preview video { display: block; width: 100%; max-height: 60vh; background: #000000; }
.gl-capture-progress { height: 4px; background: #ececf1; }
.gl-capture-progress > div { height: 100%; background: ${brand}; transition: width 0.2s ease; }
.gl-capture-preview-actions { display: flex; align-items: center; justify-content: space-between; gap: 12px; padding: 14px 16px; }
.gl-capture-preview-status { flex: 1; color: #6b6b73; font-size: 13px; }
.gl-capture-preview-status[data-error="true"] { color: #c4122f; }
.gl-capture-button {
  height: 40px;
  padding: 0 20px;
  border-radius: 20px !important;
  font-weight: 600 !important;
  font-size: 15px !important;
}
.gl-capture-button--secondary { background: #f1f1f4 !important; color: #1b1b1f !important; }
.gl-capture-button--primary { background: ${brand} !important; color: ${onBrand} !important; }
.gl-capture-button:disabled { opacity: 0.6; cursor: progress; }
.gl-capture-sr {
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
}
@media (max-width: 520px) {
  .gl-capture-dock { top: 48px; }
  .gl-capture-tool { width: 34px; min-width: 34px; }
  .gl-capture-next { padding: 0 12px; }
}
`;
}
