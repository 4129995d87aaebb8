import type { FlowConfig } from "../../shared/widget-config-api.ts";

/**
 * Styles of the notification stack, scoped by the shadow root. The container resets every property
 * (`all: initial`), so nothing the host page sets on its elements is inherited into the stack.
 */

function rgb(hex: string): [number, number, number] | null {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!match?.[1]) return null;
  const digits =
    match[1].length === 3
      ? match[1]
          .split("")
          .map((digit) => digit + digit)
          .join("")
      : match[1];
  return [0, 2, 4].map((start) => Number.parseInt(digits.slice(start, start + 2), 16)) as [
    number,
    number,
    number,
  ];
}

/** Spec §9: text is dark on a colour whose brightness is 160 or more, else white. */
export function readableOn(color: string): "dark" | "light" {
  const channels = rgb(color);
  if (!channels) return "dark";
  const [r, g, b] = channels;
  return (r * 299 + g * 587 + b * 114) / 1000 >= 160 ? "dark" : "light";
}

const safeColor = (color: string, fallback: string) => (rgb(color) ? color : fallback);

export interface StackPlacement {
  /** The physical side the stack sits on. */
  side: "left" | "right";
  /** The distance from the bottom of the window, in pixels. */
  bottom: number;
  inset: number;
}

/**
 * Where the stack goes (spec §2): above the button on its side, shifted left for the left positions,
 * lower when there is no button (hidden, or position none) or a classic side tab, and mirrored for a
 * right-to-left layout, as the reference places it.
 */
export function stackPlacement(flowConfig: FlowConfig, buttonShown: boolean, rtl: boolean): StackPlacement {
  const position = flowConfig.feedbackButtonPosition;
  const left = position === "BOTTOM_LEFT" || position === "BUTTON_CLASSIC_LEFT";
  const buttonX = Number(flowConfig.buttonX) || 20;
  const buttonY = Number(flowConfig.buttonY) || 20;
  // Above the 48 px button with a 12 px gap.
  let bottom = buttonY + 60;
  if (!buttonShown || position === "BUTTON_NONE") bottom = buttonY;
  else if (position === "BUTTON_CLASSIC_BOTTOM") bottom = buttonY + 15;
  else if (position.includes("CLASSIC")) bottom = buttonY;
  const side = left !== rtl ? "left" : "right";
  return { side, bottom, inset: side === "left" ? buttonX + 4 : buttonX };
}

export function notificationStyles(flowConfig: FlowConfig): string {
  const primary = safeColor(flowConfig.color, "#485BFF");
  const background = safeColor(flowConfig.backgroundColor, "#FFFFFF");
  const onPrimary = readableOn(primary) === "dark" ? "#111827" : "#FFFFFF";
  const darkSurface = readableOn(background) === "light";
  const text = darkSurface ? "#F9FAFB" : "#111827";
  const muted = darkSurface ? "rgba(249, 250, 251, 0.72)" : "#5B6478";
  const track = darkSurface ? "rgba(255, 255, 255, 0.16)" : "#E8EAF2";
  const radius = Math.max(0, Math.min(32, Number(flowConfig.borderRadius) || 20));
  const cardRadius = Math.round(radius * 0.8);
  const buttonRadius = Math.max(6, Math.round(radius * 0.4));
  return `
.gn-stack {
  all: initial;
  position: fixed;
  z-index: 2147483647;
  display: flex;
  flex-direction: column;
  gap: 12px;
  box-sizing: border-box;
  width: min(340px, calc(100vw - 24px));
  max-width: 340px;
  font-family: ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
  font-size: 15px;
  line-height: 21px;
  color: ${text};
  text-align: start;
  pointer-events: none;
  -webkit-font-smoothing: antialiased;
}
.gn-stack[hidden] { display: none; }
.gn-stack *, .gn-stack *::before, .gn-stack *::after { box-sizing: border-box; }
.gn-stack[data-side="right"] { right: var(--gn-inset); align-items: flex-end; }
.gn-stack[data-side="left"] { left: var(--gn-inset); align-items: flex-start; }
.gn-stack { bottom: var(--gn-bottom); }
.gn-close, .gn-item { pointer-events: auto; }
.gn-close {
  width: 28px;
  height: 28px;
  margin: 0;
  padding: 0;
  border: 0;
  border-radius: 50%;
  background: rgba(17, 24, 39, 0.62);
  color: #fff;
  display: grid;
  place-items: center;
  cursor: pointer;
  opacity: 0;
  pointer-events: none;
  transition: opacity 160ms ease;
}
.gn-stack:hover .gn-close, .gn-stack:focus-within .gn-close, .gn-close:focus-visible {
  opacity: 1;
  pointer-events: auto;
}
@media (hover: none), (max-width: 450px) {
  .gn-close { opacity: 1; pointer-events: auto; }
}
.gn-close svg { width: 12px; height: 12px; }
.gn-item {
  display: block;
  width: 100%;
  margin: 0;
  padding: 0;
  border: 0;
  font: inherit;
  color: inherit;
  text-align: inherit;
  background: none;
  animation: gn-in 320ms cubic-bezier(0.2, 0.8, 0.2, 1) both;
}
button.gn-item, .gn-open { cursor: pointer; }
.gn-stack button:focus-visible {
  outline: 3px solid ${primary};
  outline-offset: 2px;
}
.gn-chat { display: flex; align-items: flex-end; gap: 8px; width: auto; max-width: 100%; }
.gn-avatar {
  width: 32px;
  height: 32px;
  min-width: 32px;
  border-radius: 50%;
  object-fit: cover;
  background: ${track};
}
.gn-bubble {
  display: block;
  min-width: min(200px, 50vw);
  max-width: 100%;
  padding: 14px 16px;
  border-radius: ${cardRadius}px;
  border-end-start-radius: 4px;
  background: ${background};
  box-shadow: 0 10px 30px rgba(15, 23, 42, 0.16), 0 2px 6px rgba(15, 23, 42, 0.08);
  overflow-wrap: anywhere;
  transition: transform 160ms ease, box-shadow 160ms ease;
}
.gn-chat:hover .gn-bubble { transform: translateY(-1px); box-shadow: 0 14px 34px rgba(15, 23, 42, 0.2), 0 2px 6px rgba(15, 23, 42, 0.08); }
.gn-sender { display: block; font-size: 13px; line-height: 18px; color: ${muted}; }
.gn-content { display: block; margin-top: 2px; }
.gn-content p { margin: 0; }
.gn-content p + p { margin-top: 6px; }
.gn-content ul, .gn-content ol { margin: 4px 0; padding-inline-start: 20px; }
/* Each paragraph of what the project wrote in the direction of its own words (English on a
   right-to-left page keeps its period at its end); the stack around it keeps the widget's. */
.gn-sender, .gn-content, .gn-title, .gn-preview { unicode-bidi: plaintext; }
.gn-card {
  width: 100%;
  overflow: hidden;
  border-radius: ${cardRadius}px;
  background: ${background};
  box-shadow: 0 10px 30px rgba(15, 23, 42, 0.16), 0 2px 6px rgba(15, 23, 42, 0.08);
}
.gn-open {
  display: block;
  width: 100%;
  margin: 0;
  padding: 0;
  border: 0;
  background: none;
  font: inherit;
  color: inherit;
  text-align: inherit;
}
.gn-cover {
  display: block;
  width: 100%;
  height: 170px;
  max-height: 170px;
  object-fit: cover;
  background: ${track};
}
.gn-card-body { display: block; padding: 16px 16px 14px; }
.gn-title {
  display: -webkit-box;
  -webkit-line-clamp: 3;
  -webkit-box-orient: vertical;
  overflow: hidden;
  font-weight: 600;
}
.gn-open:hover .gn-title { color: ${primary}; }
.gn-preview {
  display: -webkit-box;
  -webkit-line-clamp: 2;
  -webkit-box-orient: vertical;
  overflow: hidden;
  margin-top: 4px;
  font-size: 14px;
  line-height: 20px;
  color: ${muted};
  overflow-wrap: anywhere;
}
.gn-preview p { margin: 0; }
.gn-news-sender { display: flex; align-items: center; gap: 8px; margin-top: 6px; font-size: 14px; color: ${muted}; }
.gn-news-sender img { width: 20px; height: 20px; border-radius: 50%; object-fit: cover; }
.gn-pages {
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  padding: 0 16px 14px;
}
.gn-page { font-size: 12px; color: ${muted}; font-variant-numeric: tabular-nums; }
.gn-next {
  margin: 0;
  padding: 6px 14px;
  border: 0;
  border-radius: ${buttonRadius}px;
  background: ${primary};
  color: ${onPrimary};
  font: inherit;
  font-size: 14px;
  font-weight: 600;
  line-height: 20px;
  cursor: pointer;
}
.gn-next:hover { filter: brightness(1.08); }
.gn-checklist .gn-card-body { padding: 16px; }
.gn-bar {
  display: block;
  height: 8px;
  margin: 10px 0;
  border-radius: 8px;
  background: ${track};
  overflow: hidden;
}
.gn-bar-fill { display: block; height: 100%; border-radius: 8px; background: ${primary}; }
.gn-step { display: flex; align-items: center; gap: 6px; color: ${muted}; white-space: nowrap; overflow: hidden; }
.gn-step span { overflow: hidden; text-overflow: ellipsis; }
.gn-step svg { flex: none; width: 16px; height: 16px; }
[dir="rtl"] .gn-step svg { transform: scaleX(-1); }
.gn-visually-hidden {
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
}
@keyframes gn-in {
  from { opacity: 0; transform: translateY(12px); }
  to { opacity: 1; transform: none; }
}
@media (prefers-reduced-motion: reduce) {
  .gn-item { animation: none; }
  .gn-bubble, .gn-close { transition: none; }
}
`;
}
