import {
  type ContentLanguage,
  contentBaseLanguage,
  type TranslationLanguage,
} from "../../../shared/content-languages.ts";
import { defaultFlowText } from "../../../shared/default-flow-texts.ts";
import type {
  AdminFeedbackFlow,
  FeedbackFlow,
  FeedbackFlowVersion,
  FlowField,
} from "../../../shared/feedback-flows-api.ts";

/**
 * A feedback flow in a visitor's language, in Gleap's flow format (the widget reads `title`,
 * `fields[].label`, … as ever). Each text comes from the first of: the admin's translation of it
 * (`translations.{language}`), our translation of a default flow's text the admin left unchanged
 * (default-flow-texts.ts, found by its English wording), the flow's own English text.
 */

/** The texts of one language: the admin's version, and ours for unchanged default wordings. */
interface FlowTexts {
  language: TranslationLanguage;
  version: FeedbackFlowVersion | undefined;
}

const written = (value: string | undefined): value is string => value !== undefined && value.trim() !== "";

function textIn(texts: FlowTexts, english: string, translated: string | undefined): string {
  if (written(translated)) return translated;
  return defaultFlowText(texts.language, english) ?? english;
}

function fieldIn(texts: FlowTexts, field: FlowField): FlowField {
  const version = texts.version?.fields?.[field.key];
  const localized: FlowField = { ...field, label: textIn(texts, field.label, version?.label) };
  if (field.placeholder !== undefined)
    localized.placeholder = textIn(texts, field.placeholder, version?.placeholder);
  if (field.options) {
    const options = version?.options;
    // Translated choices stand in place by place; a list that no longer matches the field's is not used.
    localized.options = field.options.map((option, index) =>
      textIn(texts, option, options?.length === field.options?.length ? options?.[index] : undefined),
    );
  }
  return localized;
}

/** The flow as the widget gets it, in `language`. */
export function localizedFlow(flow: AdminFeedbackFlow, language: ContentLanguage): FeedbackFlow {
  const { status: _s, position: _p, createdAt: _c, updatedAt: _u, translations, ...rest } = flow;
  if (language === contentBaseLanguage) return rest;
  const texts: FlowTexts = { language, version: translations[language] };
  return {
    ...rest,
    title: textIn(texts, flow.title, texts.version?.title),
    description: textIn(texts, flow.description, texts.version?.description),
    successMessage: textIn(texts, flow.successMessage, texts.version?.successMessage),
    fields: flow.fields.map((field) => fieldIn(texts, field)),
  };
}
