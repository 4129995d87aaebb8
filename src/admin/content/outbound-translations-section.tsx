import { useState } from "react";
import {
  type ContentLanguage,
  type TranslationLanguage,
  translationLanguages,
} from "../../shared/content-languages.ts";
import { useT } from "../i18n/intl.ts";
import type { BoundForm } from "../shell/form/bound-form.ts";
import { LanguageTabs } from "../shell/form/language-tabs.tsx";
import { languageHasError } from "../shell/form/translation-errors.ts";
import { TextField } from "./content-fields.tsx";
import type { OutboundFormState } from "./outbound-form-state.ts";
import {
  isTranslated,
  type SlotValue,
  type TextSlot,
  type TranslationTexts,
  textSlots,
} from "./outbound-translations.ts";
import type { RichBody } from "./rich-body.ts";
import { richBodyHtml } from "./rich-body.ts";
import { RichBodyField } from "./rich-body-field.tsx";

/** Where an outbound's translations sit in the server's refusals. */
export const translationsRoot = "config.translations.";

/** Where the server names a slot's text in its refusals (`config.translations.de.steps.2.title`). */
export const slotPath = (language: TranslationLanguage, slot: TextSlot): string =>
  slot.item
    ? `${translationsRoot}${language}.${slot.item.list}.${slot.item.index}.${slot.field}`
    : `${translationsRoot}${language}.${slot.field}`;

/** A document's text in one line, for a text field's placeholder. */
const plainText = (value: string | RichBody): string =>
  typeof value === "string"
    ? value
    : richBodyHtml(value)
        .replace(/<[^>]+>/g, " ")
        .replace(/\s+/g, " ")
        .trim();

/**
 * The content's texts in the widget's other languages, one tab each (the shared language switcher):
 * a field per text visitors read, its English text shown while it is empty, as visitors of that
 * language then read it.
 */
export function OutboundTranslationsSection({
  prefix,
  slots,
  texts,
  current,
  onSelect,
  errors,
  errorOf,
  projectId,
  onChange,
}: {
  prefix: string;
  slots: readonly TextSlot[];
  texts: TranslationTexts;
  current: TranslationLanguage;
  onSelect: (language: TranslationLanguage) => void;
  errors: Record<string, string>;
  errorOf: (path: string, label: string) => string | null;
  projectId: string;
  onChange: (language: TranslationLanguage, key: string, value: SlotValue, path: string) => void;
}) {
  const { t } = useT();
  const hasError = (code: ContentLanguage) => languageHasError(errors, translationsRoot, code);
  // Folded until something is written in another language, so one-language content keeps a short form;
  // a refused translation unfolds it.
  const [open, setOpen] = useState(() => translationLanguages.some((code) => isTranslated(texts[code])));
  const refused = translationLanguages.some(hasError);
  return (
    <details
      className="detail-card content-translations"
      open={open || refused}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary>
        <h2 id={`${prefix}-translations-title`}>{t("content.translation.title")}</h2>
      </summary>
      <p className="subtle">{t("content.translation.hint")}</p>
      <LanguageTabs
        id={`${prefix}-translations`}
        languages={translationLanguages}
        current={current}
        onSelect={(code) => code !== "en" && onSelect(code)}
        hasError={hasError}
        isWritten={(code) => code === "en" || isTranslated(texts[code])}
      >
        {(code) =>
          code === "en"
            ? null
            : slots.map((slot) => (
                <SlotField
                  key={slot.key}
                  prefix={prefix}
                  language={code}
                  slot={slot}
                  value={texts[code][slot.key] ?? (slot.rich ? null : "")}
                  errorOf={errorOf}
                  projectId={projectId}
                  onChange={(value) => onChange(code, slot.key, value, slotPath(code, slot))}
                />
              ))
        }
      </LanguageTabs>
    </details>
  );
}

function SlotField({
  prefix,
  language,
  slot,
  value,
  errorOf,
  projectId,
  onChange,
}: {
  prefix: string;
  language: TranslationLanguage;
  slot: TextSlot;
  value: SlotValue;
  errorOf: (path: string, label: string) => string | null;
  projectId: string;
  onChange: (value: SlotValue) => void;
}) {
  const { t } = useT();
  const field = t("content.translation.field", { field: slot.field });
  const named = slot.item
    ? t("content.translation.item", { list: slot.item.list, number: slot.item.index + 1, field })
    : field;
  const label = t("content.field.inLanguage", { field: named, language: t(`contentLanguage.${language}`) });
  const id = `${prefix}-${language}-${slot.key.replace(/[^A-Za-z0-9-]/g, "-")}`;
  const error = errorOf(slotPath(language, slot), label);
  return slot.rich ? (
    <RichBodyField
      id={id}
      label={label}
      value={typeof value === "string" ? null : value}
      error={error}
      projectId={projectId}
      onChange={onChange}
    />
  ) : (
    <TextField
      id={id}
      label={label}
      value={typeof value === "string" ? value : ""}
      placeholder={plainText(slot.english)}
      error={error}
      onChange={onChange}
    />
  );
}

/** The section bound to the outbound editor's form: its texts and their refusals. */
export function OutboundTranslationsCard({
  form,
  projectId,
  current,
  onSelect,
}: {
  form: BoundForm<OutboundFormState>;
  projectId: string;
  current: TranslationLanguage;
  onSelect: (language: TranslationLanguage) => void;
}) {
  const { state } = form;
  return (
    <OutboundTranslationsSection
      prefix={state.type}
      slots={textSlots(state.type, state.config)}
      texts={state.translations}
      current={current}
      onSelect={onSelect}
      errors={form.errors}
      errorOf={form.errorOf}
      projectId={projectId}
      onChange={(language, key, value, path) =>
        form.update(
          (previous) => ({
            ...previous,
            translations: {
              ...previous.translations,
              [language]: { ...previous.translations[language], [key]: value },
            },
          }),
          [path],
        )
      }
    />
  );
}
