import type { FeedbackButtonPosition, FlowConfig } from "../../shared/widget-config-api.ts";

/**
 * The messenger frame's modes and container variants (spec §2), and its sizes (spec §2, §9). Pure: the
 * container module turns these into classes, the stylesheet into boxes.
 */

/** How the frame is shown: the panel, a survey (small, full screen or embedded in the page), wide. */
export type WidgetMode = "widget" | "survey" | "survey_full" | "survey_web" | "extended";

/** Where the container sits, from the feedback button's position and visibility. */
export type ButtonVariant = "classic" | "classic-left" | "modern-left" | "no-button";

/** Every container class the layout may set; the container removes the others. */
export const containerVariants = [
  "classic",
  "classic-left",
  "modern-left",
  "no-button",
  "survey",
  "survey-full",
  "extended",
] as const;
export type ContainerVariant = (typeof containerVariants)[number];

/** Spec §9: the frame's height cap in widget and survey modes (a survey may report a smaller one). */
export const maxFrameHeight = 700;

const surveyModes: readonly WidgetMode[] = ["survey", "survey_full", "survey_web"];

export const isSurveyMode = (mode: WidgetMode) => surveyModes.includes(mode);

/** `showSurvey`'s format as a mode: survey_full and survey_web as named, anything else a survey. */
export function surveyMode(format: unknown): "survey" | "survey_full" | "survey_web" {
  return format === "survey_full" || format === "survey_web" ? format : "survey";
}

/** Page names the messenger reports that need the wide frame (a news article, an extended app). */
const extendedPages = new Set(["newsdetails", "appextended"]);

/** Spec §2: newsdetails and appextended widen the frame; any other page narrows an extended one. */
export function modeAfterPageChange(mode: WidgetMode, pageName: string | undefined): WidgetMode {
  if (pageName !== undefined && extendedPages.has(pageName)) return "extended";
  return mode === "extended" ? "widget" : mode;
}

/** The reference's mapping of the button position to the container's corner. */
export function buttonVariant(position: FeedbackButtonPosition, showButton: boolean): ButtonVariant | null {
  if (!showButton || position === "BUTTON_NONE") return "no-button";
  if (position === "BUTTON_CLASSIC" || position === "BUTTON_CLASSIC_BOTTOM") return "classic";
  if (position === "BUTTON_CLASSIC_LEFT") return "classic-left";
  if (position === "BOTTOM_LEFT") return "modern-left";
  return null;
}

/** The container's variants for a mode and config (at most one button variant, one mode variant). */
export function containerVariantsFor(
  mode: WidgetMode,
  config: Pick<FlowConfig, "feedbackButtonPosition">,
  showButton: boolean,
): ContainerVariant[] {
  const variants: ContainerVariant[] = [];
  const button = buttonVariant(config.feedbackButtonPosition, showButton);
  if (button) variants.push(button);
  if (mode === "survey") variants.push("survey");
  if (mode === "survey_full" || mode === "survey_web") variants.push("survey-full");
  if (mode === "extended") variants.push("extended");
  return variants;
}

/**
 * The frame's height cap set on the element: in survey modes the height the survey reported (its
 * content), else none, so the stylesheet's 700 px applies (and a small screen's full height).
 */
export function frameMaxHeight(mode: WidgetMode, reportedHeight: number | null): number | null {
  return isSurveyMode(mode) && reportedHeight !== null && reportedHeight > 0 ? reportedHeight : null;
}
