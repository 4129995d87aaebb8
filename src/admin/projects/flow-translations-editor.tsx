import {
  type ContentLanguage,
  type TranslationLanguage,
  translationLanguages,
} from "../../shared/content-languages.ts";
import { defaultFlowText } from "../../shared/default-flow-texts.ts";
import { useT } from "../i18n/intl.ts";
import { TitledCard } from "../shell/detail/titled-card.tsx";
import type { BoundForm } from "../shell/form/bound-form.ts";
import { InputField, TextAreaField } from "../shell/form/form-inputs.tsx";
import { LanguageTabs } from "../shell/form/language-tabs.tsx";
import { languageHasError } from "../shell/form/translation-errors.ts";
import {
  type FlowFieldForm,
  type FlowFieldTexts,
  type FlowForm,
  type FlowTexts,
  fieldHasPlaceholder,
  withFieldTexts,
  withFlowTexts,
} from "./flow-form-state.ts";

/**
 * The flow's texts in the widget's other languages, one tab each (the shared language switcher). An
 * empty field shows what visitors of that language read instead, greyed: our translation of a default
 * flow's text the admin kept, else the English text. Errors are keyed as the API names them
 * (`translations.de.fields.{key}.label`).
 */
export function FlowTranslationsEditor({
  state,
  current,
  onSelect,
  errors,
  errorOf,
  onFlowTexts,
  onFieldTexts,
}: {
  state: FlowForm;
  current: TranslationLanguage;
  onSelect: (language: TranslationLanguage) => void;
  /** The form's errors by path: a language's tab is marked when one of them is its. */
  errors: Record<string, string>;
  errorOf: (path: string, label: string) => string | null;
  onFlowTexts: (language: TranslationLanguage, change: Partial<FlowTexts>, paths: string[]) => void;
  onFieldTexts: (
    index: number,
    language: TranslationLanguage,
    change: Partial<FlowFieldTexts>,
    paths: string[],
  ) => void;
}) {
  const hasError = (code: ContentLanguage) => languageHasError(errors, "translations.", code);
  const says = (texts: object) => Object.values(texts).some((text) => String(text).trim() !== "");
  const isWritten = (code: ContentLanguage) =>
    code === "en" ||
    says(state.translations[code]) ||
    state.fields.some((field) => says(field.translations[code]));

  return (
    <LanguageTabs
      id="flow-texts"
      languages={translationLanguages}
      current={current}
      onSelect={(language) => language !== "en" && onSelect(language)}
      hasError={hasError}
      isWritten={isWritten}
      // The card's hint says what an empty field shows: our translation of a kept default, else English.
      fallbackHint={false}
    >
      {(code) =>
        code === "en" ? null : (
          <LanguagePanel
            language={code}
            state={state}
            errorOf={errorOf}
            onFlowTexts={(change, paths) => onFlowTexts(code, change, paths)}
            onFieldTexts={(index, change, paths) => onFieldTexts(index, code, change, paths)}
          />
        )
      }
    </LanguageTabs>
  );
}

/** One language's texts: the flow's own, then each field's. */
function LanguagePanel({
  language,
  state,
  errorOf,
  onFlowTexts,
  onFieldTexts,
}: {
  language: TranslationLanguage;
  state: FlowForm;
  errorOf: (path: string, label: string) => string | null;
  onFlowTexts: (change: Partial<FlowTexts>, paths: string[]) => void;
  onFieldTexts: (index: number, change: Partial<FlowFieldTexts>, paths: string[]) => void;
}) {
  const { t } = useT();
  const languageName = t(`contentLanguage.${language}`);
  const label = (field: string) => t("flowForm.inLanguage", { field, language: languageName });
  /** What a visitor of this language reads while the field is empty. */
  const fallback = (english: string) => defaultFlowText(language, english.trim()) ?? english;
  const own = state.translations[language];
  const flowText = (name: keyof FlowTexts, fieldLabel: string, multiline: boolean) => {
    const path = `translations.${language}.${name}`;
    const props = {
      id: `flow-${language}-${name}`,
      label: label(fieldLabel),
      value: own[name],
      placeholder: fallback(state[name]),
      error: errorOf(path, label(fieldLabel)),
      onChange: (value: string) => onFlowTexts({ [name]: value }, [path]),
    };
    return multiline ? <TextAreaField {...props} rows={2} /> : <InputField {...props} />;
  };

  return (
    <>
      <div className="form-row">{flowText("title", t("flowForm.title.field"), false)}</div>
      {flowText("description", t("flowForm.description"), true)}
      {flowText("successMessage", t("flowForm.successMessage"), true)}
      {state.fields.map((field, index) => (
        <FieldTexts
          // Rows have no id of their own, as in the fields editor.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above.
          key={index}
          language={language}
          field={field}
          index={index}
          label={label}
          fallback={fallback}
          errorOf={errorOf}
          onChange={(change, paths) => onFieldTexts(index, change, paths)}
        />
      ))}
    </>
  );
}

function FieldTexts({
  language,
  field,
  index,
  label,
  fallback,
  errorOf,
  onChange,
}: {
  language: TranslationLanguage;
  field: FlowFieldForm;
  index: number;
  label: (field: string) => string;
  fallback: (english: string) => string;
  errorOf: (path: string, label: string) => string | null;
  onChange: (change: Partial<FlowFieldTexts>, paths: string[]) => void;
}) {
  const { t } = useT();
  const texts = field.translations[language];
  const path = (name: keyof FlowFieldTexts) => `translations.${language}.fields.${field.key.trim()}.${name}`;
  const id = (name: string) => `flow-${language}-field-${index}-${name}`;
  const text = (name: keyof FlowFieldTexts) => {
    const own = label(t(`flowForm.field.${name}`));
    return {
      id: id(name),
      label: own,
      value: texts[name],
      error: errorOf(path(name), own),
      onChange: (value: string) => onChange({ [name]: value }, [path(name)]),
    };
  };
  return (
    <fieldset className="flow-field" data-testid="flow-field-texts">
      <legend>
        {t("flowForm.fieldTexts", { number: index + 1, label: field.label.trim() || field.key.trim() })}
      </legend>
      <div className="form-row">
        <InputField {...text("label")} placeholder={fallback(field.label)} />
        {fieldHasPlaceholder(field.type) && (
          <InputField {...text("placeholder")} placeholder={fallback(field.placeholder)} />
        )}
      </div>
      {field.type === "select" && (
        <TextAreaField
          {...text("options")}
          rows={3}
          placeholder={field.options
            .split("\n")
            .map((option) => fallback(option.trim()))
            .join("\n")}
        />
      )}
    </fieldset>
  );
}

/** The card of the flow form: its heading and hint over the editor, bound to the form's state. */
export function FlowTranslationsCard({
  form,
  current,
  onSelect,
}: {
  form: BoundForm<FlowForm>;
  current: TranslationLanguage;
  onSelect: (language: TranslationLanguage) => void;
}) {
  const { t } = useT();
  return (
    <TitledCard id="flow-translations-title" title={t("flowForm.translations")}>
      <p className="subtle">{t("flowForm.translationsHint")}</p>
      <FlowTranslationsEditor
        state={form.state}
        current={current}
        onSelect={onSelect}
        errors={form.errors}
        errorOf={form.errorOf}
        onFlowTexts={(language, change, paths) =>
          form.update((state) => withFlowTexts(state, language, change), paths)
        }
        onFieldTexts={(index, language, change, paths) =>
          form.update((state) => withFieldTexts(state, index, language, change), paths)
        }
      />
    </TitledCard>
  );
}
