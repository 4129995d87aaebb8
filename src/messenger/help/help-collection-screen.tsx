import type { HelpArticleSummary, HelpCollection } from "../../shared/messenger-api.ts";
import {
  EmptyState,
  Icon,
  ListSkeleton,
  path,
  QueryView,
  type ScreenProps,
  useApiQuery,
  useScreenTitle,
  useShell,
  useTexts,
} from "../shell/shell-api.ts";
import { CollectionIcon } from "./help-screen.tsx";
import { helpTexts } from "./help-texts.ts";
import "./help.css";

/** A collection (`GET /help/collections/{id}`): what it is about, then its articles in order. */
export default function HelpCollectionScreen({ screen }: ScreenProps<"help-collection">) {
  const t = useTexts(helpTexts);
  const { navigator } = useShell();
  const collection = useApiQuery<{ collection: HelpCollection; articles: HelpArticleSummary[] }>(
    path`/help/collections/${screen.collectionId}`,
  );
  useScreenTitle(collection.data?.collection.title);
  return (
    <div className="screen-content help">
      <QueryView query={collection} skeleton={<ListSkeleton rows={4} />}>
        {({ collection: about, articles }) => (
          <>
            <header className="help-collection-head">
              <span className="row-icon help-collection-icon">
                <CollectionIcon icon={about.icon} size={24} />
              </span>
              <div>
                <h2 className="help-collection-title" dir="auto" tabIndex={-1}>
                  {about.title}
                </h2>
                {about.description && (
                  <p className="help-collection-description" dir="auto">
                    {about.description}
                  </p>
                )}
                <p className="help-count">{t("help.articles", { count: articles.length })}</p>
              </div>
            </header>
            {articles.length === 0 ? (
              <div className="card">
                <EmptyState icon="help" title={t("help.emptyCollection")} />
              </div>
            ) : (
              <ul className="card list" data-testid="help-articles">
                {articles.map((article) => (
                  <li key={article.id}>
                    <button
                      type="button"
                      className="list-row list-row--action"
                      data-testid="help-article-row"
                      onClick={() => navigator.push({ name: "help-article", articleId: article.id })}
                    >
                      <span className="row-text">
                        <span className="row-title" dir="auto">
                          {article.title}
                        </span>
                        {article.description && (
                          <span className="row-hint" dir="auto">
                            {article.description}
                          </span>
                        )}
                      </span>
                      <Icon name="chevron" size={18} className="row-chevron" />
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </QueryView>
    </div>
  );
}
