import { useT } from "../i18n/intl.ts";
import { Button } from "../shell/button.tsx";
import { FormField } from "../shell/form/form-field.tsx";
import { SuggestionList } from "../shell/suggestion-list.tsx";
import type { TranslationRow } from "./project-settings-form.ts";

/** Labels hosts most often replace: the launcher's own texts (src/widget/launcher/launcher-model.ts). */
const suggestedLabels = ["Feedback", "Open feedback", "Close feedback"];

/**
 * The static translations (spec §3: interface texts keyed by their English label): one row per label
 * with the text to show instead. Labels the launcher uses are offered as suggestions.
 */
export function TranslationsEditor({
  rows,
  errorOf,
  onChange,
}: {
  rows: TranslationRow[];
  errorOf: (path: string, label: string) => string | null;
  onChange: (rows: TranslationRow[], paths: string[]) => void;
}) {
  const { t } = useT();
  const labelText = t("projectSettings.texts.label");
  const textText = t("projectSettings.texts.text");
  const change = (index: number, row: Partial<TranslationRow>) =>
    onChange(
      rows.map((current, at) => (at === index ? { ...current, ...row } : current)),
      Object.keys(row).map((key) => `translations.${index}.${key}`),
    );
  const remove = (index: number) =>
    onChange(
      rows.filter((_, at) => at !== index),
      rows.flatMap((_, at) => [`translations.${at}.label`, `translations.${at}.text`]),
    );
  /** Row `index`'s label or text box, with its error; `list` offers the suggestions. */
  const rowInput = (
    row: TranslationRow,
    index: number,
    key: keyof TranslationRow,
    label: string,
    list?: string,
  ) => (
    <FormField
      id={`translation-${index}-${key}`}
      label={label}
      error={errorOf(`translations.${index}.${key}`, label)}
    >
      {(props) => (
        <input
          {...props}
          list={list}
          value={row[key]}
          onChange={(event) => change(index, { [key]: event.target.value })}
        />
      )}
    </FormField>
  );
  const unused = suggestedLabels.find((label) => !rows.some((row) => row.label.trim() === label)) ?? "";

  return (
    <div className="translations-editor">
      <SuggestionList id="translation-labels" values={suggestedLabels} />
      {rows.length === 0 && <p className="subtle">{t("projectSettings.texts.none")}</p>}
      {rows.map((row, index) => (
        // Rows have no id of their own; the place is what the errors are keyed by too.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above.
        <div className="translation-row" key={index} data-testid="translation-row">
          {rowInput(row, index, "label", labelText, "translation-labels")}
          {rowInput(row, index, "text", textText)}
          <Button
            variant="tertiary"
            size="sm"
            className="row-remove"
            onClick={() => remove(index)}
            aria-label={t("projectSettings.texts.remove", { label: row.label || String(index + 1) })}
          >
            {t("projectSettings.texts.removeShort")}
          </Button>
        </div>
      ))}
      <Button
        variant="secondary"
        size="sm"
        onClick={() => onChange([...rows, { label: unused, text: "" }], [])}
      >
        {t("projectSettings.texts.add")}
      </Button>
    </div>
  );
}
