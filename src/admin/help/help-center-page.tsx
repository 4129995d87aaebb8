import { useEffect } from "react";
import { Link, useParams } from "wouter";
import { contentLanguages, translationLanguages } from "../../shared/content-languages.ts";
import type { AdminHelpArticle, AdminHelpCollection } from "../../shared/help-center-api.ts";
import { useResource } from "../api/use-resource.ts";
import { rememberProject } from "../content/last-project.ts";
import { ProjectChoice } from "../content/project-choice.tsx";
import { useT } from "../i18n/intl.ts";
import { buttonClass } from "../shell/button.tsx";
import { useDocumentTitle } from "../shell/layout/page-heading.tsx";
import { ListHeader } from "../shell/list/list-page.tsx";
import { RetryPanel } from "../shell/retry-panel.tsx";
import { helpApi } from "./help-api.ts";
import {
  articleCreateHref,
  articleEditHref,
  collectionCreateHref,
  collectionEditHref,
  helpCenterPath,
} from "./help-paths.ts";
import { HelpSearchPreview } from "./help-search-preview.tsx";
import { HelpStatusBadge } from "./help-status-badge.tsx";
import "./help-styles.ts";

interface HelpCenter {
  collections: AdminHelpCollection[];
  articles: AdminHelpArticle[];
}

async function loadHelpCenter(projectId: string): Promise<HelpCenter> {
  const [collections, articles] = await Promise.all([
    helpApi.collections(projectId),
    helpApi.articles(projectId),
  ]);
  return { collections: collections.items, articles: articles.items };
}

/** The languages an article is written in: "EN · DE · AR". */
const writtenLanguages = (article: AdminHelpArticle) =>
  contentLanguages
    .filter((language) => language === "en" || article.translations[language])
    .map((language) => language.toUpperCase())
    .join(" · ");

/** A collection's titles in the widget's other languages, under its own. */
function TranslatedTitles({ collection }: { collection: AdminHelpCollection }) {
  return translationLanguages.map((language) => {
    const version = collection.translations[language];
    return (
      version && (
        <p key={language} className="subtle help-german" lang={language} dir="auto">
          {version.title}
        </p>
      )
    );
  });
}

/** An icon the messenger shows as it is (an emoji), rather than as one of its drawn icons by name. */
const isEmoji = (icon: string) => /[^\u0020-\u007e]/.test(icon.trim());

function CollectionCard({
  projectId,
  collection,
  articles,
}: {
  projectId: string;
  collection: AdminHelpCollection;
  articles: AdminHelpArticle[];
}) {
  const { t } = useT();
  return (
    <section
      className="card help-collection"
      aria-labelledby={`collection-${collection.id}`}
      data-testid="help-collection"
    >
      <header className="help-collection-head">
        {isEmoji(collection.icon) && (
          <span className="help-icon" aria-hidden="true">
            {collection.icon}
          </span>
        )}
        <div className="help-collection-text">
          <h2 id={`collection-${collection.id}`} dir="auto">
            {collection.title}
          </h2>
          <TranslatedTitles collection={collection} />
          {collection.description && (
            <p className="subtle" dir="auto">
              {collection.description}
            </p>
          )}
          <p className="subtle help-meta">
            {t("help.collection.position", { position: collection.position })} ·{" "}
            {t("help.collection.articles", { count: articles.length })}
            {collection.icon && !isEmoji(collection.icon) && (
              <> · {t("help.collection.icon", { icon: collection.icon })}</>
            )}
          </p>
        </div>
        <div className="help-collection-actions">
          <Link
            href={collectionEditHref(projectId, collection.id)}
            className={buttonClass({ variant: "secondary", size: "sm" })}
            aria-label={t("help.collection.editNamed", { title: collection.title })}
          >
            {t("help.collection.edit")}
          </Link>
          <Link
            href={articleCreateHref(projectId, collection.id)}
            className={buttonClass({ variant: "secondary", size: "sm" })}
          >
            {t("help.collection.addArticle")}
          </Link>
        </div>
      </header>
      {articles.length === 0 ? (
        <p className="subtle">{t("help.collection.noArticles")}</p>
      ) : (
        <ul className="help-articles">
          {articles.map((article) => (
            <li key={article.id} className="help-article-row">
              <div className="help-article-text">
                <Link href={articleEditHref(projectId, article.id)} className="table-link" dir="auto">
                  {article.title}
                </Link>
                <span className="subtle help-slug">/{article.slug}</span>
              </div>
              <div className="help-article-badges">
                <span className="help-languages">
                  <span className="visually-hidden">{t("help.languages")}: </span>
                  {writtenLanguages(article)}
                </span>
                <HelpStatusBadge status={article.status} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** `/dashboard/help/{projectId}`: the collections in their order with their articles, and the search preview. */
export default function HelpCenterPage() {
  const { t } = useT();
  useDocumentTitle(t("help.title"));
  const { projectId = "" } = useParams<{ projectId: string }>();
  const { resource, reload } = useResource(() => loadHelpCenter(projectId), projectId);
  useEffect(() => rememberProject(projectId), [projectId]);

  return (
    <section aria-labelledby="help-title" className="help-center">
      <ListHeader
        id="help-title"
        title={t("help.title")}
        subtitle={t("help.subtitle")}
        // Drawn once the collections are in: "New article" comes only with a collection to put it in,
        // and beside the title's line two links wrap below it, so a lone "New collection" drawn while
        // loading jumped away as the answer came, and a click aimed at it landed on the subtitle.
        actions={
          resource.state !== "loading" && (
            <>
              <Link href={collectionCreateHref(projectId)} className={buttonClass({ variant: "secondary" })}>
                {t("help.newCollection")}
              </Link>
              {resource.state === "ready" && resource.data.collections.length > 0 && (
                <Link href={articleCreateHref(projectId)} className={buttonClass({ variant: "primary" })}>
                  {t("help.newArticle")}
                </Link>
              )}
            </>
          )
        }
      />
      <ProjectChoice id="help-project" label="help.project" projectId={projectId} pathOf={helpCenterPath} />
      {resource.state === "loading" ? (
        <p className="subtle" role="status">
          {t("help.loading")}
        </p>
      ) : resource.state === "error" ? (
        <RetryPanel error="help.error" onRetry={reload} />
      ) : (
        <div className="help-layout">
          <div className="help-collections">
            {resource.data.collections.length === 0 ? (
              <div className="state-panel">
                <h2>{t("help.empty")}</h2>
                <p>{t("help.emptyHint")}</p>
              </div>
            ) : (
              resource.data.collections.map((collection) => (
                <CollectionCard
                  key={collection.id}
                  projectId={projectId}
                  collection={collection}
                  articles={resource.data.articles.filter(
                    (article) => article.collectionId === collection.id,
                  )}
                />
              ))
            )}
          </div>
          <HelpSearchPreview projectId={projectId} />
        </div>
      )}
    </section>
  );
}
