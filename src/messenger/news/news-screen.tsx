import type { NewsSummary } from "../../shared/messenger-api.ts";
import {
  ListRow,
  QueryView,
  relativeTime,
  type ScreenProps,
  useApiQuery,
  useLocale,
  useShell,
} from "../shell/shell-api.ts";

/** Placeholder (the news screens replace it): the posts, newest first. */
export default function NewsScreen(_: ScreenProps<"news">) {
  const { lang } = useLocale();
  const { navigator } = useShell();
  const news = useApiQuery<NewsSummary[]>("/news");
  return (
    <div className="screen-content">
      <QueryView query={news} isEmpty={(list) => list.length === 0}>
        {(list) => (
          <div className="card list">
            {list.map((post) => (
              <ListRow
                key={post.id}
                icon="news"
                title={post.title}
                hint={post.preview}
                meta={relativeTime(lang, post.publishedAt)}
                onClick={() => navigator.push({ name: "news-article", newsId: post.id })}
              />
            ))}
          </div>
        )}
      </QueryView>
    </div>
  );
}
