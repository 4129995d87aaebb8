import type { FormEvent } from "react";
import { useLocation, useSearch } from "wouter";
import type { AdminHelpArticle, AdminHelpCollection } from "../../shared/help-center-api.ts";
import { useT } from "../i18n/intl.ts";
import { ProjectFormRoute } from "../shell/project-form-route.tsx";
import {
  type ArticleFormState,
  articleErrors,
  articleForm,
  articleWrite,
  languageWithError,
  newArticleForm,
} from "./article-form-state.ts";
import { ArticleSettingsFields } from "./article-settings-fields.tsx";
import { ArticleVersions } from "./article-versions.tsx";
import { helpApi } from "./help-api.ts";
import { confirmHelpDelete, HelpFormActions } from "./help-form-actions.tsx";
import { articleEditHref, helpCenterPath } from "./help-paths.ts";
import { HelpSearchPreview } from "./help-search-preview.tsx";
import "./help-styles.ts";
import { useHelpForm } from "./use-help-form.ts";

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

/** The article's form once its collections (and, editing, the article) are loaded. */
function ArticleForm({ projectId, data }: { projectId: string; data: EditorData }) {
  const { t } = useT();
  const [, navigate] = useLocation();
  const { article, collections } = data;
  const { state, update, language, setLanguage, shown, error, busy, form, submit } = useHelpForm({
    initial: data.initial,
    validate: articleErrors,
    languageWithError,
    refusable: "slug",
  });
  const back = helpCenterPath(projectId);

  const save = (event: FormEvent) =>
    submit(
      event,
      (current) => helpApi.saveArticle(projectId, article?.id ?? null, articleWrite(current)),
      (saved) => {
        if (!article) navigate(articleEditHref(projectId, saved.id), { replace: true });
      },
    );

  const remove = (stored: AdminHelpArticle) => () =>
    confirmHelpDelete({
      heading: t("help.confirm.deleteArticle", { title: stored.title }),
      body: "help.confirm.deleteArticleBody",
      remove: () => helpApi.removeArticle(projectId, stored.id),
      onDeleted: () => navigate(back),
    });

  return (
    <div className="help-article-page">
      <form ref={form} className="help-article-form" onSubmit={save} noValidate>
        <ArticleSettingsFields state={state} collections={collections} error={error} update={update} />
        <ArticleVersions
          state={state}
          projectId={projectId}
          language={language}
          onLanguage={setLanguage}
          shown={shown}
          error={error}
          update={update}
        />
        <HelpFormActions busy={busy} back={back} onDelete={article && remove(article)} />
      </form>
      {/* Outside the form: its own fields must not submit the article. Shows how visitors find the
          saved article among the others (drafts included), in either language. */}
      {article && <HelpSearchPreview projectId={projectId} initialQuery={article.title} />}
    </div>
  );
}

/** `/dashboard/help/{projectId}/articles/create` (`?collection=` preselects one) and `…/{id}/edit`. */
export default function ArticleEditorPage() {
  const collectionId = new URLSearchParams(useSearch()).get("collection") ?? "";
  return (
    <ProjectFormRoute
      area="help"
      titleId="article-form-title"
      createTitle="help.articleForm.create"
      editTitle="help.articleForm.edit"
      backHref={helpCenterPath}
      load={(projectId, id) => loadEditor(projectId, id, collectionId)}
      loadKey={collectionId}
      recordName={(data) => data.article?.title ?? null}
    >
      {(data, projectId) => <ArticleForm key={data.article?.id ?? "new"} projectId={projectId} data={data} />}
    </ProjectFormRoute>
  );
}
