import { type ContentLanguage, contentLanguages } from "../../shared/content-languages.ts";
import { useT } from "../i18n/intl.ts";
import { RichTextEditor } from "../rich-text/rich-text-editor.tsx";
import { InputField, TextAreaField } from "../shell/form/form-inputs.tsx";
import { LanguageTabs } from "../shell/form/language-tabs.tsx";
import {
  type ArticleErrors,
  type ArticleFormState,
  type ArticleVersionState,
  hasVersion,
  withVersion,
} from "./article-form-state.ts";

/** One language's title, description and body (labelled with the language outside English). */
function VersionFields({
  language,
  projectId,
  version,
  onChange,
  titleError,
}: {
  language: ContentLanguage;
  projectId: string;
  version: ArticleVersionState;
  onChange(change: Partial<ArticleVersionState>): void;
  titleError: string | null;
}) {
  const { t } = useT();
  return (
    <>
      <InputField
        id={`article-${language}-title`}
        label={t("help.field.titleIn", { language })}
        dir="auto"
        value={version.title}
        error={titleError}
        maxLength={200}
        onChange={(title) => onChange({ title })}
      />
      <TextAreaField
        id={`article-${language}-description`}
        label={t("help.field.descriptionIn", { language })}
        dir="auto"
        value={version.description}
        rows={2}
        maxLength={1000}
        onChange={(description) => onChange({ description })}
      />
      <RichTextEditor
        id={`article-${language}-body`}
        label={t("help.field.bodyIn", { language })}
        value={version.body}
        projectId={projectId}
        onChange={(body) => onChange({ body })}
      />
    </>
  );
}

/** The article in each language the widget speaks, a tab each; a tab with a wrong field says so. */
export function ArticleVersions({
  state,
  projectId,
  language,
  onLanguage,
  shown,
  error,
  update,
}: {
  state: ArticleFormState;
  projectId: string;
  language: ContentLanguage;
  onLanguage: (language: ContentLanguage) => void;
  shown: ArticleErrors;
  error: (field: `${ContentLanguage}.title`) => string | null;
  update: (next: (current: ArticleFormState) => ArticleFormState) => void;
}) {
  return (
    <div className="card help-form help-versions">
      <LanguageTabs
        id="article"
        languages={contentLanguages}
        current={language}
        onSelect={onLanguage}
        hasError={(code) => shown[`${code}.title`] !== undefined}
        isWritten={(code) => hasVersion(state, code)}
      >
        {(code) => (
          <VersionFields
            language={code}
            projectId={projectId}
            version={state.versions[code]}
            titleError={error(`${code}.title`)}
            onChange={(change) => update((current) => withVersion(current, code, change))}
          />
        )}
      </LanguageTabs>
    </div>
  );
}
