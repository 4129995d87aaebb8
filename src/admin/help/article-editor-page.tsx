import { type FormEvent, useRef, useState } from "react";
import { useLocation, useParams, useSearch } from "wouter";
import { type ContentLanguage, contentLanguages } from "../../shared/content-languages.ts";
import type { AdminHelpArticle, AdminHelpCollection } from "../../shared/messenger-api.ts";
import { apiErrorBody, apiErrorMessage } from "../api/api-error.ts";
import { useResource } from "../api/use-resource.ts";
import { useT } from "../i18n/intl.ts";
import { RichTextEditor } from "../rich-text/rich-text-editor.tsx";
import { Button } from "../shell/button.tsx";
import { FormActions, FormCancelLink } from "../shell/form/form-actions.tsx";
import { focusFirstInvalid } from "../shell/form/form-field.tsx";
import { InputField, SelectField, TextAreaField } from "../shell/form/form-inputs.tsx";
import { FormPage } from "../shell/form/form-page.tsx";
import { LanguageTabs } from "../shell/form/language-tabs.tsx";
import { useUnsavedChangesGuard } from "../shell/form/unsaved-changes-guard.ts";
import { BackLink } from "../shell/layout/back-link.tsx";
import { useDocumentTitle } from "../shell/layout/page-heading.tsx";
import { confirmAction } from "../shell/overlay/confirm.ts";
import { runAction } from "../shell/overlay/run-action.ts";
import {
  type ArticleErrors,
  type ArticleField,
  type ArticleFormState,
  type ArticleVersionState,
  articleErrors,
  articleForm,
  articleWrite,
  hasVersion,
  languageWithError,
  newArticleForm,
  withVersion,
} from "./article-form-state.ts";
import { helpApi } from "./help-api.ts";
import { articleEditHref, helpCenterPath } from "./help-paths.ts";
import { HelpRecordStatus } from "./help-record-status.tsx";
import { HelpSearchPreview } from "./help-search-preview.tsx";
import "./help-styles.ts";

interface EditorData {
  collections: AdminHelpCollection[];
  article: AdminHelpArticle | null;
  initial: ArticleFormState;
}

async function loadEditor(
  projectId: string,
  id: string | undefined,
  collectionId: string,
): Promise<EditorData> {
  const [collections, article] = await Promise.all([
    helpApi.collections(projectId).then((page) => page.items),
    id ? helpApi.article(projectId, id) : Promise.resolve(null),
  ]);
  if (!article) {
    const known = collections.some((collection) => collection.id === collectionId);
    return {
      collections,
      article,
      initial: newArticleForm(known ? collectionId : (collections[0]?.id ?? "")),
    };
  }
  // Bodies stored as HTML (written before the editor) open as documents; the converter comes with
  // the editor's own chunk, so it is only loaded for them.
  const needsConversion = [article, ...Object.values(article.translations)].some(
    (version) => version && !version.bodyDoc && version.body,
  );
  const toDoc = needsConversion
    ? (await import("../rich-text/html-to-doc.ts")).htmlToDoc
    : () => ({ type: "doc" as const });
  return { collections, article, initial: articleForm(article, toDoc) };
}

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

function ArticleForm({ projectId, data }: { projectId: string; data: EditorData }) {
  const { t } = useT();
  const [, navigate] = useLocation();
  const { article, collections } = data;
  const [state, setState] = useState(data.initial);
  // What the server has: leaving with anything else asks first.
  const [saved, setSaved] = useState(data.initial);
  useUnsavedChangesGuard(JSON.stringify(state) !== JSON.stringify(saved));
  const [language, setLanguage] = useState<ContentLanguage>("en");
  const [serverErrors, setServerErrors] = useState<ArticleErrors>({});
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const shown: ArticleErrors = tried ? { ...articleErrors(state), ...serverErrors } : serverErrors;
  const error = (field: ArticleField) => {
    const rule = shown[field];
    return rule ? t(`help.rule.${rule}`) : null;
  };
  const update = (next: (current: ArticleFormState) => ArticleFormState) => {
    setState(next);
    setServerErrors({});
  };
  const back = helpCenterPath(projectId);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    const found = articleErrors(state);
    if (Object.keys(found).length > 0) {
      // A version's missing title sits on its language's tab: show it before focusing.
      const tab = languageWithError(found);
      if (tab) setLanguage(tab);
      requestAnimationFrame(() => form.current && focusFirstInvalid(form.current));
      return;
    }
    setBusy(true);
    const outcome = await runAction(
      () => helpApi.saveArticle(projectId, article?.id ?? null, articleWrite(state)),
      "help.saved",
      (failure) => {
        const field = apiErrorBody(failure)?.field;
        if (field === "slug") setServerErrors({ slug: "slug" });
        return { heading: "toast.error", body: apiErrorMessage(failure) };
      },
    );
    setBusy(false);
    if (!outcome.ok) return;
    setSaved(state);
    if (!article) navigate(articleEditHref(projectId, outcome.value.id), { replace: true });
  };

  const remove = () => {
    if (!article) return;
    confirmAction({
      type: "danger",
      heading: t("help.confirm.deleteArticle", { title: article.title }),
      body: "help.confirm.deleteArticleBody",
      confirmLabel: "help.delete",
      onConfirm: async () => {
        const outcome = await runAction(() => helpApi.removeArticle(projectId, article.id), "help.deleted");
        if (outcome.ok) navigate(back);
      },
    });
  };

  return (
    <div className="help-article-page">
      <form ref={form} className="help-article-form" onSubmit={submit} noValidate>
        <div className="card entity-form help-form">
          <div className="help-form-row">
            <SelectField
              id="article-collection"
              label={t("help.field.collection")}
              value={state.collectionId}
              options={collections.map((collection) => ({ value: collection.id, text: collection.title }))}
              error={error("collectionId")}
              onChange={(collectionId) => update((current) => ({ ...current, collectionId }))}
            />
            <SelectField
              id="article-status"
              label={t("help.field.status")}
              value={state.status}
              options={[
                { value: "draft", text: t("help.status.draft") },
                { value: "live", text: t("help.status.live") },
              ]}
              onChange={(status) => update((current) => ({ ...current, status }))}
            />
          </div>
          <div className="help-form-row">
            <InputField
              id="article-slug"
              label={t("help.field.slug")}
              value={state.slug}
              error={error("slug")}
              maxLength={120}
              describedBy="article-slug-hint"
              onChange={(slug) => update((current) => ({ ...current, slug, slugEdited: true }))}
            />
            <InputField
              id="article-position"
              label={t("help.field.position")}
              type="number"
              inputMode="numeric"
              min={0}
              max={10_000}
              value={state.position}
              error={error("position")}
              onChange={(position) => update((current) => ({ ...current, position }))}
            />
          </div>
          <p className="subtle help-hint" id="article-slug-hint">
            {t("help.field.slugHint")}
          </p>
        </div>
        <div className="card help-form help-versions">
          <LanguageTabs
            id="article"
            languages={contentLanguages}
            current={language}
            onSelect={setLanguage}
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
        <FormActions busy={busy} busyLabel={t("help.saving")} submitLabel={t("help.save")}>
          <FormCancelLink href={back}>{t("confirm.cancel")}</FormCancelLink>
          {article && (
            <Button type="button" variant="tertiary" className="button-danger" onClick={remove}>
              {t("help.delete")}
            </Button>
          )}
        </FormActions>
      </form>
      {/* Outside the form: its own fields must not submit the article. Shows how visitors find the
          saved article among the others (drafts included), in either language. */}
      {article && <HelpSearchPreview projectId={projectId} initialQuery={article.title} />}
    </div>
  );
}

/** `/dashboard/help/{projectId}/articles/create` (`?collection=` preselects one) and `…/{id}/edit`. */
export default function ArticleEditorPage() {
  const { t } = useT();
  const { projectId = "", id } = useParams<{ projectId: string; id?: string }>();
  const collectionId = new URLSearchParams(useSearch()).get("collection") ?? "";
  const title = t(id ? "help.articleForm.edit" : "help.articleForm.create");
  const { resource, reload } = useResource(
    () => loadEditor(projectId, id, collectionId),
    `${projectId}|${id ?? ""}|${collectionId}`,
  );
  const record = resource.state === "ready" ? (resource.data.article?.title ?? null) : null;
  useDocumentTitle(title, record);
  return (
    <FormPage
      titleId="article-form-title"
      title={title}
      subtitle={record}
      back={<BackLink href={helpCenterPath(projectId)} />}
    >
      <HelpRecordStatus resource={resource} onRetry={reload} />
      {resource.state === "ready" && (
        <ArticleForm key={resource.data.article?.id ?? "new"} projectId={projectId} data={resource.data} />
      )}
    </FormPage>
  );
}
