import { type FormEvent, useState } from "react";
import { type ContentLanguage, contentLanguages } from "../../shared/content-languages.ts";
import type { AdminNewsPost } from "../../shared/news-api.ts";
import { type Translator, useT } from "../i18n/intl.ts";
import { LanguageTabs } from "../shell/form/language-tabs.tsx";
import { TextField } from "./content-fields.tsx";
import { NewsPreview } from "./content-previews.tsx";
import { DeliveredEditorView, type DeliveredFormProps, useDeliveredForm } from "./delivered-editor.tsx";
import {
  emptyNewsForm,
  hasNewsErrorIn,
  hasNewsVersion,
  type NewsFormState,
  type NewsVersionState,
  newsErrorLanguage,
  newsFormFromRecord,
  newsRequestFromForm,
  validateNewsForm,
  withNewsVersion,
} from "./news-form-state.ts";
import { richBodyIsEmpty } from "./rich-body.ts";
import { RichBodyField } from "./rich-body-field.tsx";

/** What the preview shows of `language`: its version's texts, the English ones where it has none. */
function previewTexts(state: NewsFormState, language: ContentLanguage): NewsVersionState {
  const english = { title: state.title, preview: state.preview, body: state.body };
  if (language === "en") return english;
  const version = state.versions[language];
  return {
    title: version.title.trim() || english.title,
    preview: version.preview.trim() || english.preview,
    body: richBodyIsEmpty(version.body) ? english.body : version.body,
  };
}

type NewsField = keyof NewsVersionState;

/** How one language's fields are named: their ids, labels, request paths and the refusals an edit clears. */
interface VersionNames {
  id: (field: NewsField) => string;
  label: (field: NewsField) => string;
  /** Where the request (and a refusal) names the field; a body is sent as its document, `bodyDoc`. */
  path: (field: NewsField) => string;
  clears: (field: NewsField) => string[];
}

const sentAs = (field: NewsField) => (field === "body" ? "bodyDoc" : field);

/** The English texts: the post's own fields. */
function englishNames(t: Translator["t"]): VersionNames {
  return {
    id: (field) => `news-${field}`,
    label: (field) => t(`content.field.${field}`),
    path: sentAs,
    // The server names the document `bodyDoc`: an edit clears its error too.
    clears: (field) => (field === "body" ? ["body", "bodyDoc"] : [field]),
  };
}

/** Another language's texts, keyed as the request names them. */
function translationNames(t: Translator["t"], language: Exclude<ContentLanguage, "en">): VersionNames {
  const name = t(`contentLanguage.${language}`);
  const path = (field: NewsField) => `translations.${language}.${sentAs(field)}`;
  return {
    id: (field) => `news-${language}-${field}`,
    label: (field) => t("content.field.inLanguage", { field: t(`content.field.${field}`), language: name }),
    path,
    clears: (field) => [path(field)],
  };
}

/** A version's title, summary and body, named by `names`. */
function VersionFields({
  names,
  projectId,
  version,
  errorOf,
  onChange,
}: {
  names: VersionNames;
  projectId: string;
  version: NewsVersionState;
  errorOf: (path: string, label: string) => string | null;
  onChange: (change: Partial<NewsVersionState>, paths: string[]) => void;
}) {
  const text = (field: "title" | "preview") => (
    <TextField
      id={names.id(field)}
      label={names.label(field)}
      value={version[field]}
      multiline={field === "preview"}
      rows={2}
      error={errorOf(names.path(field), names.label(field))}
      onChange={(value) => onChange({ [field]: value }, names.clears(field))}
    />
  );
  return (
    <>
      {text("title")}
      {text("preview")}
      <RichBodyField
        id={names.id("body")}
        label={names.label("body")}
        value={version.body}
        error={errorOf(names.path("body"), names.label("body"))}
        projectId={projectId}
        onChange={(body) => onChange({ body }, names.clears("body"))}
      />
    </>
  );
}

type NewsForm = ReturnType<typeof useDeliveredForm<"news", NewsFormState>>["form"];

/** The post's title, summary and body, a tab per language (English, the post's own, first). */
function NewsTexts({
  projectId,
  form,
  language,
  onLanguage,
}: {
  projectId: string;
  form: NewsForm;
  language: ContentLanguage;
  onLanguage: (language: ContentLanguage) => void;
}) {
  const { t } = useT();
  const { state } = form;
  const errorOf = (path: string, label: string) => form.errorOf(path, label);
  return (
    <LanguageTabs
      id="news"
      languages={contentLanguages}
      current={language}
      onSelect={onLanguage}
      hasError={(code) => hasNewsErrorIn(form.errors, code)}
      isWritten={(code) => code === "en" || hasNewsVersion(state.versions[code])}
    >
      {(code) =>
        code === "en" ? (
          <VersionFields
            names={englishNames(t)}
            projectId={projectId}
            version={{ title: state.title, preview: state.preview, body: state.body }}
            errorOf={errorOf}
            onChange={(change, paths) => form.update((current) => ({ ...current, ...change }), paths)}
          />
        ) : (
          <VersionFields
            names={translationNames(t, code)}
            projectId={projectId}
            version={state.versions[code]}
            errorOf={errorOf}
            onChange={(change, paths) =>
              form.update((current) => withNewsVersion(current, code, change), paths)
            }
          />
        )
      }
    </LanguageTabs>
  );
}

/**
 * A news post's form (`/dashboard/content/{project}/news/create` and `…/{id}/edit`): the post and its
 * announcement.
 */
export function NewsForm({ projectId, loaded }: DeliveredFormProps<AdminNewsPost>) {
  const { t } = useT();
  const editor = useDeliveredForm({
    projectId,
    kind: "news",
    loaded,
    fromRecord: newsFormFromRecord,
    empty: emptyNewsForm,
    validate: validateNewsForm,
    request: newsRequestFromForm,
    withStatus: (record, status) => ({
      ...record,
      status,
      publishedAt: record.publishedAt ?? new Date().toISOString(),
    }),
  });
  const { form, saved, submit } = editor;
  const { state } = form;
  const [language, setLanguage] = useState<ContentLanguage>("en");
  const errorOf = (path: string, label: string) => form.errorOf(path, label);
  const set = (change: Partial<NewsFormState>) =>
    form.update((current) => ({ ...current, ...change }), Object.keys(change));
  const field = (key: "coverImageUrl" | "authorName") => (
    <TextField
      id={`news-${key}`}
      label={t(`content.field.${key}`)}
      value={state[key]}
      error={errorOf(key, t(`content.field.${key}`))}
      onChange={(value) => set({ [key]: value })}
    />
  );
  const shown = previewTexts(state, language);

  return (
    <DeliveredEditorView
      projectId={projectId}
      kind="news"
      editor={editor}
      publishedAt={saved?.record.publishedAt}
      preview={
        <NewsPreview
          title={shown.title}
          preview={shown.preview}
          body={shown.body}
          cover={state.coverImageUrl}
        />
      }
      onSubmit={(event: FormEvent) => {
        // A refused field sits on its language's tab: show it, so the field can take the focus.
        setLanguage((current) => newsErrorLanguage(validateNewsForm(state)) ?? current);
        return submit(event);
      }}
      onDelivery={(delivery) => set({ delivery })}
    >
      <NewsTexts projectId={projectId} form={form} language={language} onLanguage={setLanguage} />
      <div className="form-row">
        {field("coverImageUrl")}
        {field("authorName")}
      </div>
    </DeliveredEditorView>
  );
}
