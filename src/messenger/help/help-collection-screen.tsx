import type { HelpArticleSummary, HelpCollection } from "../../shared/messenger-api.ts";
import {
  ListRow,
  path,
  QueryView,
  type ScreenProps,
  useApiQuery,
  useScreenTitle,
  useShell,
} from "../shell/shell-api.ts";

/** Placeholder (the help center replaces it): a collection's articles. */
export default function HelpCollectionScreen({ screen }: ScreenProps<"help-collection">) {
  const { navigator } = useShell();
  const collection = useApiQuery<{ collection: HelpCollection; articles: HelpArticleSummary[] }>(
    path`/help/collections/${screen.collectionId}`,
  );
  useScreenTitle(collection.data?.collection.title);
  return (
    <div className="screen-content">
      <QueryView query={collection} isEmpty={(data) => data.articles.length === 0}>
        {(data) => (
          <div className="card list">
            {data.articles.map((article) => (
              <ListRow
                key={article.id}
                title={article.title}
                hint={article.description}
                onClick={() => navigator.push({ name: "help-article", articleId: article.id })}
              />
            ))}
          </div>
        )}
      </QueryView>
    </div>
  );
}
