import { matchesPageFilter } from "../../shared/page-filter.ts";
import type { TooltipLook } from "../../shared/tooltip-look.ts";

/**
 * A tooltip as `GET /config/{key}/tooltips` lists it (spec §3 "Tooltip config"), read defensively: the
 * list is whatever the admin saved, so every field is checked and given the reference's default.
 */
export interface Tooltip extends TooltipLook {
  /** The server's id when it has one, else the position in the list: keys the shown elements. */
  key: string;
  offsetX: number;
  offsetY: number;
  page: string;
  pageType: string;
}

const text = (value: unknown) => (typeof value === "string" ? value : "");
const finite = (value: unknown, fallback: number) =>
  typeof value === "number" && Number.isFinite(value)
    ? value
    : typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value))
      ? Number(value)
      : fallback;

/** Spec §3 defaults: offsetX 4, offsetY 0; a hotspot sits right of the element, vertically centred. */
export const tooltipDefaults = { offsetX: 4, offsetY: 0 } as const;

export function readTooltip(raw: unknown, index: number): Tooltip | null {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return null;
  const value = raw as Record<string, unknown>;
  const selector = text(value.selector).trim();
  if (selector === "") return null;
  const posY = text(value.posY);
  return {
    key: text(value.id) || `tooltip-${index}`,
    selector,
    html: text(value.html),
    mode: value.mode === "hotspot" ? "hotspot" : "plain",
    icon: text(value.icon),
    color: text(value.color),
    animated: value.animated === true,
    posX: value.posX === "left" ? "left" : "right",
    posY: posY === "top" || posY === "bottom" ? posY : "center",
    offsetX: finite(value.offsetX, tooltipDefaults.offsetX),
    offsetY: finite(value.offsetY, tooltipDefaults.offsetY),
    page: text(value.page),
    pageType: text(value.pageType),
  };
}

/** The usable tooltips of a list; anything without a selector is dropped. */
export function readTooltips(list: unknown): Tooltip[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((raw, index) => readTooltip(raw, index) ?? []);
}

/**
 * Spec §4/§5: a tooltip shows only where its page filter matches the full address; an empty filter
 * shows everywhere, an unknown filter type nowhere (the shared matcher of `src/shared/page-filter.ts`).
 */
export function tooltipsForPage(tooltips: readonly Tooltip[], url: string): Tooltip[] {
  return tooltips.filter((tooltip) => matchesPageFilter(url, tooltip.page, tooltip.pageType));
}
