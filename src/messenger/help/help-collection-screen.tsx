import type { HelpArticleSummary, HelpCollection } from "../../shared/help-center-api.ts";
import {
  EmptyCard,
  ListRow,
  ListSkeleton,
  path,
  QueryView,
  type ScreenProps,
  ServerText,
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
                <ServerText as="p" className="help-collection-description" text={about.description} />
                <p className="help-count">{t("help.articles", { count: articles.length })}</p>
              </div>
            </header>
            {articles.length === 0 ? (
              <EmptyCard icon="help" title={t("help.emptyCollection")} />
            ) : (
              <ul className="card list" data-testid="help-articles">
                {articles.map((article) => (
                  <li key={article.id}>
                    <ListRow
                      data-testid="help-article-row"
                      onClick={() => navigator.push({ name: "help-article", articleId: article.id })}
                      title={article.title}
                      hint={article.description}
                    />
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
