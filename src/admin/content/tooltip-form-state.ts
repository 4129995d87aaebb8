import { type AdminTooltip, TooltipWrite } from "../../shared/inbox-api.ts";
import type { PageFilterType } from "../../shared/page-filter.ts";
import type { TooltipLook } from "../../shared/tooltip-look.ts";
import { type FieldErrors, fieldErrors } from "../shell/form/form-errors.ts";
import { targetingRules } from "./outbound-form-state.ts";

/**
 * A tooltip (spec §3 "Tooltip config"): the element it explains, its HTML, how it looks (a pulsing
 * hotspot or a plain hover), where it sits beside the element, and its page filter. Numbers are kept as
 * typed and read when sent, so a half-typed "-" is not thrown away.
 */
export interface TooltipFormState extends TooltipLook {
  name: string;
  offsetX: string;
  offsetY: string;
  pageType: PageFilterType | "";
  page: string;
  /** The site page the builder opens on, stored with the tooltip. */
  builderUrl: string;
}

/** The reference's defaults: offset 4 px to the side, level with the element. */
export const emptyTooltipForm: TooltipFormState = {
  name: "",
  selector: "",
  html: "",
  mode: "hotspot",
  icon: "",
  color: "",
  animated: true,
  posX: "right",
  posY: "center",
  offsetX: "4",
  offsetY: "0",
  pageType: "",
  page: "",
  builderUrl: "",
};

/**
 * Where the builder opens for a tooltip stored before it kept its own page: the page filter, when it
 * names a whole address.
 */
function builderStart(pageType: string, page: string): string {
  return (pageType === "is" || pageType === "startswith") && /^https?:\/\//i.test(page.trim())
    ? page.trim()
    : "";
}

export function tooltipFormFromRecord(tooltip: AdminTooltip): TooltipFormState {
  return {
    name: tooltip.name,
    selector: tooltip.selector,
    html: tooltip.html,
    mode: tooltip.mode,
    icon: tooltip.icon ?? "",
    color: tooltip.color ?? "",
    animated: tooltip.animated ?? true,
    posX: tooltip.posX ?? "right",
    posY: tooltip.posY ?? "center",
    offsetX: String(tooltip.offsetX ?? 4),
    offsetY: String(tooltip.offsetY ?? 0),
    pageType: (tooltip.pageType ?? "") as TooltipFormState["pageType"],
    page: tooltip.page ?? "",
    builderUrl: tooltip.builderUrl ?? builderStart(tooltip.pageType ?? "", tooltip.page ?? ""),
  };
}

/** A typed number, or the text itself when it is none (the schema then says it must be a number). */
const numberOf = (text: string): unknown =>
  text.trim() !== "" && Number.isFinite(Number(text)) ? Number(text) : text;

/** The body of `POST /tooltips` and `PUT /tooltips/{id}`. */
export function tooltipRequestFromForm(state: TooltipFormState): Record<string, unknown> {
  return {
    name: state.name.trim(),
    selector: state.selector.trim(),
    html: state.html,
    mode: state.mode,
    icon: state.icon.trim() || undefined,
    color: state.color.trim() || undefined,
    animated: state.animated,
    posX: state.posX,
    posY: state.posY,
    offsetX: numberOf(state.offsetX),
    offsetY: numberOf(state.offsetY),
    page: state.pageType ? state.page.trim() : "",
    pageType: state.pageType,
    builderUrl: state.builderUrl.trim() || undefined,
  };
}

export function validateTooltipForm(state: TooltipFormState): FieldErrors {
  const errors = fieldErrors(tooltipRequestFromForm(state), TooltipWrite);
  for (const key of ["offsetX", "offsetY"] as const) {
    if (typeof numberOf(state[key]) !== "number") errors[key] = "content.rule.number";
  }
  if (state.color.trim() && !/^#[0-9a-f]{6}$/i.test(state.color.trim())) errors.color = "content.rule.color";
  if (state.builderUrl.trim() && !/^https?:\/\/\S+$/i.test(state.builderUrl.trim()))
    errors.builderUrl = "content.rule.url";
  const pages = targetingRules({ pageFilterType: state.pageType, pageFilter: state.page });
  if (pages.pageFilter) errors.page = pages.pageFilter.replace("pageFilter", "page");
  if (pages.pageFilterType) errors.pageType = pages.pageFilterType.replace("pageFilterType", "pageType");
  return errors;
}
