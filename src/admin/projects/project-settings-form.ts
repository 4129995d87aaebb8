import { messages } from "../../shared/form-rule-messages.ts";
import {
  type AdminProjectSettings,
  FlowConfigWrite,
  feedbackButtonPositions,
  type ProjectSettingsWrite,
} from "../../shared/inbox-api.ts";
import {
  defaultFlowConfig,
  type FeedbackButtonPosition,
  type FlowConfig,
} from "../../shared/widget-config-api.ts";
import { type FieldErrors, fieldErrors } from "../shell/form/form-errors.ts";

/** The launcher positions of spec §2 "Feedback button", in the order the editor offers them. */
export const launcherPositions: readonly FeedbackButtonPosition[] = feedbackButtonPositions;

/** The languages the messenger has texts for; another code stays selectable when a project has one. */
export const widgetLanguages = ["en", "de", "ar"] as const;

/** The language choice that fixes none: each visitor gets the widget in their browser's language. */
export const visitorsLanguage = "";

/** The language select's options: the visitor's browser first, our languages, and a project's other code. */
export function languageChoices(current: string): string[] {
  const known: readonly string[] = [visitorsLanguage, ...widgetLanguages];
  return known.includes(current) ? [...known] : [...known, current];
}

export const colorFields = ["color", "headerColor", "buttonColor", "backgroundColor"] as const;
export type ColorField = (typeof colorFields)[number];

/** The pixel settings with the ranges `FlowConfigWrite` (src/shared/inbox-api.ts) accepts. */
export const numberFields = {
  borderRadius: { min: 0, max: 100 },
  buttonX: { min: 0, max: 2000 },
  buttonY: { min: 0, max: 2000 },
} as const;
export type NumberField = keyof typeof numberFields;

export const flagFields = [
  "enableNetworkLogs",
  "sendNetworkResources",
  "enableWebReplays",
  "enableShortcuts",
  "requireCookieConsent",
] as const;
export type FlagField = (typeof flagFields)[number];

export const listFields = ["networkLogBlacklist", "networkLogPropsToIgnore"] as const;
export type ListField = (typeof listFields)[number];

/** One static translation: the interface label (the English text, spec §3) and what to show instead. */
export interface TranslationRow {
  label: string;
  text: string;
}

/**
 * The settings screen's form: everything `PUT /api/projects/{p}/settings` takes, as typed. Numbers
 * and line lists stay texts until they are sent, so a half-typed value is shown as it is.
 */
export type SettingsForm = Record<ColorField, string> &
  Record<NumberField, string> &
  Record<FlagField, boolean> &
  Record<ListField, string> & {
    name: string;
    feedbackButtonPosition: FeedbackButtonPosition;
    language: string;
    rtl: boolean;
    translations: TranslationRow[];
    /** One origin a line; empty: any site may use the widget. */
    allowedOrigins: string;
    identityVerification: boolean;
    featureRequestApproval: boolean;
    autoAssign: boolean;
  };

/** Limits of the lists (the API's `allowedOrigins` takes at most 50). */
export const settingsLimits = {
  name: 200,
  origins: 50,
  listEntries: 100,
  listEntry: 500,
  translations: 200,
  translationLabel: 200,
  translationText: 1000,
} as const;

// Rule texts of this form that the shared rules do not have: message ids of the projects area, which
// `ruleMessage` shows through the catalogue.
export const colorRule = "projects.rule.color";
export const originRule = "projects.rule.origin";
export const duplicateLabelRule = "projects.rule.duplicateLabel";
export const tooManyRule = "projects.rule.tooMany";

const lines = (text: string) =>
  text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);

/** The stored config with every key present (the API may leave defaults out). */
export function fullFlowConfig(config: Record<string, unknown>): FlowConfig {
  const merged = { ...defaultFlowConfig, ...config } as FlowConfig;
  return {
    ...merged,
    localizationOptions: { ...defaultFlowConfig.localizationOptions, ...merged.localizationOptions },
    staticTranslations: { ...merged.staticTranslations },
  };
}

export function settingsFormFromProject(project: AdminProjectSettings): SettingsForm {
  const config = fullFlowConfig(project.flowConfig);
  const list = (value: unknown) => (Array.isArray(value) ? value.map(String).join("\n") : "");
  return {
    name: project.name,
    color: config.color,
    headerColor: config.headerColor,
    buttonColor: config.buttonColor,
    backgroundColor: config.backgroundColor,
    borderRadius: String(config.borderRadius),
    buttonX: String(config.buttonX),
    buttonY: String(config.buttonY),
    feedbackButtonPosition: config.feedbackButtonPosition,
    language: config.localizationOptions.language,
    rtl: Boolean(config.localizationOptions.rtl),
    translations: Object.entries(config.staticTranslations).map(([label, text]) => ({
      label,
      text: String(text),
    })),
    enableNetworkLogs: Boolean(config.enableNetworkLogs),
    sendNetworkResources: Boolean(config.sendNetworkResources),
    enableWebReplays: Boolean(config.enableWebReplays),
    enableShortcuts: Boolean(config.enableShortcuts),
    requireCookieConsent: Boolean(config.requireCookieConsent),
    networkLogBlacklist: list(config.networkLogBlacklist),
    networkLogPropsToIgnore: list(config.networkLogPropsToIgnore),
    allowedOrigins: project.allowedOrigins.join("\n"),
    identityVerification: project.identityVerification,
    featureRequestApproval: project.featureRequestApproval,
    autoAssign: project.autoAssign,
  };
}

/** `#rgb` or `#rrggbb`: what the colour inputs make and the launcher reads. */
export function isHexColor(value: string): boolean {
  return /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(value.trim());
}

/** A colour as `<input type=color>` needs it (`#rrggbb`, lower case); null for anything else. */
export function colorInputValue(value: string): string | null {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim())?.[1];
  if (!hex) return null;
  return `#${hex.length === 3 ? hex.replace(/./g, "$&$&") : hex}`.toLowerCase();
}

/**
 * An origin exactly as browsers send it in `Origin` (`https://app.example.com`, `http://localhost:8080`),
 * or null: a path, query, credentials or another scheme would never equal a request's origin, so the
 * API would refuse every request of that site.
 */
export function normalizeOrigin(line: string): string | null {
  const text = line.trim().replace(/\/$/, "");
  if (!/^https?:\/\/[^/?#@\s]+$/i.test(text)) return null;
  try {
    const url = new URL(text);
    return url.origin === "null" ? null : url.origin;
  } catch {
    return null;
  }
}

function wholeNumber(value: string): number | null {
  const text = value.trim();
  return /^\d+$/.test(text) ? Number(text) : null;
}

/** Every rule of the form, keyed by field (translation rows as `translations.{i}.label`/`.text`). */
export function validateSettingsForm(form: SettingsForm): FieldErrors {
  const errors: FieldErrors = {};
  const name = form.name.trim();
  if (!name) errors.name = messages.required("name");
  else if (name.length > settingsLimits.name) errors.name = messages.tooLong(settingsLimits.name + 1);

  for (const field of colorFields) {
    if (!form[field].trim()) errors[field] = messages.required(field);
    else if (!isHexColor(form[field])) errors[field] = colorRule;
  }
  for (const [field, range] of Object.entries(numberFields) as Array<
    [NumberField, { min: number; max: number }]
  >) {
    const text = form[field].trim();
    const number = wholeNumber(text);
    if (!text) errors[field] = messages.required(field);
    else if (number === null) errors[field] = "Must be a whole number";
    else if (number < range.min) errors[field] = `Must be at least ${range.min}`;
    else if (number > range.max) errors[field] = `Must be at most ${range.max}`;
  }
  for (const field of listFields) {
    const entries = lines(form[field]);
    if (entries.length > settingsLimits.listEntries) errors[field] = tooManyRule;
    else if (entries.some((entry) => entry.length > settingsLimits.listEntry))
      errors[field] = messages.tooLong(settingsLimits.listEntry + 1);
  }

  const origins = lines(form.allowedOrigins);
  if (origins.length > settingsLimits.origins) errors.allowedOrigins = tooManyRule;
  else if (origins.some((origin) => normalizeOrigin(origin) === null)) errors.allowedOrigins = originRule;

  if (form.translations.length > settingsLimits.translations) errors.translations = tooManyRule;
  const seen = new Set<string>();
  form.translations.forEach((row, index) => {
    const label = row.label.trim();
    if (!label) errors[`translations.${index}.label`] = messages.required("label");
    else if (label.length > settingsLimits.translationLabel)
      errors[`translations.${index}.label`] = messages.tooLong(settingsLimits.translationLabel + 1);
    else if (seen.has(label)) errors[`translations.${index}.label`] = duplicateLabelRule;
    seen.add(label);
    if (!row.text.trim()) errors[`translations.${index}.text`] = messages.required("text");
    else if (row.text.length > settingsLimits.translationText)
      errors[`translations.${index}.text`] = messages.tooLong(settingsLimits.translationText + 1);
  });
  // The API's own schema last, over the config this form would send: nothing it refuses goes out.
  const config = fieldErrors(settingsWrite(form, {}).flowConfig, FlowConfigWrite);
  for (const [path, message] of Object.entries(config)) {
    const field = settingsFormPath(path);
    if (!Object.keys(errors).some((known) => known === field || known.startsWith(`${field}.`)))
      errors[field] = message;
  }
  return errors;
}

/**
 * The config as the form shows it, for the live preview: a value being typed that is not valid yet
 * (a colour of five digits, an empty offset) keeps the stored one, so the preview never breaks.
 */
export function previewFlowConfig(form: SettingsForm, stored: Record<string, unknown>): FlowConfig {
  const base = fullFlowConfig(stored);
  const color = (field: ColorField) => (isHexColor(form[field]) ? form[field].trim() : base[field]);
  const number = (field: NumberField) => {
    const value = wholeNumber(form[field]);
    const { min, max } = numberFields[field];
    return value === null ? base[field] : Math.min(max, Math.max(min, value));
  };
  const translations: Record<string, string> = {};
  for (const row of form.translations) {
    if (row.label.trim() && row.text.trim()) translations[row.label.trim()] = row.text;
  }
  return {
    ...base,
    color: color("color"),
    headerColor: color("headerColor"),
    buttonColor: color("buttonColor"),
    backgroundColor: color("backgroundColor"),
    borderRadius: number("borderRadius"),
    buttonX: number("buttonX"),
    buttonY: number("buttonY"),
    feedbackButtonPosition: form.feedbackButtonPosition,
    localizationOptions: { ...base.localizationOptions, language: form.language, rtl: form.rtl },
    staticTranslations: translations,
    enableNetworkLogs: form.enableNetworkLogs,
    sendNetworkResources: form.sendNetworkResources,
    enableWebReplays: form.enableWebReplays,
    enableShortcuts: form.enableShortcuts,
    requireCookieConsent: form.requireCookieConsent,
    networkLogBlacklist: lines(form.networkLogBlacklist),
    networkLogPropsToIgnore: lines(form.networkLogPropsToIgnore),
  };
}

/** The config keys the API takes (`FlowConfigWrite` refuses any other). */
const writableKeys = Object.keys(FlowConfigWrite.schema);

/**
 * The request body of a valid form: the whole config (the PUT replaces it), only with keys the API
 * knows, so a key an older version stored cannot get a save refused; origins as browsers write them.
 */
export function settingsWrite(form: SettingsForm, stored: Record<string, unknown>): ProjectSettingsWrite {
  const config: Record<string, unknown> = { ...previewFlowConfig(form, stored) };
  return {
    name: form.name.trim(),
    flowConfig: Object.fromEntries(
      writableKeys.filter((key) => key in config).map((key) => [key, config[key]]),
    ),
    allowedOrigins: [
      ...new Set(lines(form.allowedOrigins).map((origin) => normalizeOrigin(origin) ?? origin)),
    ],
    identityVerification: form.identityVerification,
    featureRequestApproval: form.featureRequestApproval,
    autoAssign: form.autoAssign,
  };
}

/**
 * Where the form shows a refusal the API names by its body path (`flowConfig.color`,
 * `flowConfig.localizationOptions.language`, `allowedOrigins.2`, `flowConfig.staticTranslations`).
 */
export function settingsFormPath(apiPath: string): string {
  const path = apiPath.replace(/^flowConfig\./, "");
  if (path.startsWith("allowedOrigins")) return "allowedOrigins";
  if (path.startsWith("localizationOptions")) return path.endsWith("rtl") ? "rtl" : "language";
  if (path.startsWith("staticTranslations")) return "translations";
  const [first = path] = path.split(".");
  return first;
}
