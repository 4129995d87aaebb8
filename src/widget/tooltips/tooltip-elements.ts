import { safeHtmlFragment } from "../common/safe-html.ts";
import type { MoveWatch } from "../common/target-moves.ts";
import type { Tooltip } from "./tooltip-config.ts";
import { hotspotIconSvg } from "./tooltip-icons.ts";

/** A tooltip attached to one element of the page: its hotspot (hotspot mode) and its bubble. */
export interface Attached {
  tooltip: Tooltip;
  target: Element;
  hotspot: HTMLElement | null;
  bubble: HTMLElement;
  shown: boolean;
  hideTimer?: ReturnType<typeof setTimeout>;
  fadeTimer?: ReturnType<typeof setTimeout>;
  /** Hears the element move however it moved (common/target-moves.ts), while it has a box. */
  moves?: MoveWatch;
  detach: () => void;
}

/**
 * The bubble with the tooltip's HTML (rebuilt from an allow-list) and, in hotspot mode, the hotspot
 * button that describes it. Both start hidden; the caller places them.
 */
export function buildTooltipElements(document: Document, tooltip: Tooltip, id: string, color: string) {
  const bubble = document.createElement("div");
  bubble.className = "gt-bubble";
  bubble.id = id;
  bubble.setAttribute("role", "tooltip");
  bubble.dataset.tooltip = tooltip.key;
  bubble.style.setProperty("--gt-color", color);
  const content = document.createElement("div");
  content.className = "gt-content";
  // In the direction of its own words, whatever the page's: English on a right-to-left page keeps its
  // period at its end.
  content.dir = "auto";
  content.appendChild(safeHtmlFragment(tooltip.html, document));
  const arrow = document.createElement("span");
  arrow.className = "gt-arrow";
  bubble.append(content, arrow);

  let hotspot: HTMLButtonElement | null = null;
  if (tooltip.mode === "hotspot") {
    hotspot = document.createElement("button");
    hotspot.type = "button";
    hotspot.className = "gt-hotspot";
    hotspot.dataset.tooltip = tooltip.key;
    hotspot.hidden = true;
    hotspot.style.setProperty("--gt-color", color);
    // The icon is a constant SVG of this chunk; the config only picks which one.
    hotspot.innerHTML = hotspotIconSvg(tooltip.icon);
    if (tooltip.animated) {
      const pulse = document.createElement("span");
      pulse.className = "gt-pulse";
      hotspot.prepend(pulse);
    }
    hotspot.setAttribute("aria-label", (content.textContent ?? "").trim().slice(0, 120) || "Info");
    hotspot.setAttribute("aria-describedby", id);
    hotspot.setAttribute("aria-expanded", "false");
  }
  return { bubble, hotspot };
}
