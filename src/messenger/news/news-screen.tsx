import type { NewsSummary } from "../../shared/news-api.ts";
import { Avatar } from "../conversations/avatar.tsx";
import {
  ListScreenContent,
  relativeTime,
  type ScreenProps,
  ServerText,
  Skeleton,
  useApiQuery,
  useLocale,
  useShell,
  useTexts,
} from "../shell/shell-api.ts";
import { newsTexts } from "./news-texts.ts";
import "./news.css";

function NewsSkeleton() {
  return (
    <div className="news-list" aria-busy="true">
      <div className="card news-card">
        <span className="skeleton-block news-cover-skeleton" />
        <Skeleton lines={3} card={false} />
      </div>
      <Skeleton lines={3} />
    </div>
  );
}

/** Who wrote a post and when: "Lena from Acme · 2 days ago". */
export function NewsByline({ post }: { post: NewsSummary }) {
  const { lang } = useLocale();
  return (
    <span className="news-byline">
      {post.authorName && (
        <>
          <Avatar name={post.authorName} size={20} />
          <span dir="auto">{post.authorName}</span>
          <span aria-hidden="true">·</span>
        </>
      )}
      <time dateTime={post.publishedAt}>{relativeTime(lang, post.publishedAt)}</time>
    </span>
  );
}

function NewsCard({ post }: { post: NewsSummary }) {
  const { navigator } = useShell();
  return (
    <li>
      <button
        type="button"
        className="card news-card"
        data-testid="news-card"
        onClick={() => navigator.push({ name: "news-article", newsId: post.id })}
      >
        {post.coverImageUrl && <img className="news-cover" src={post.coverImageUrl} alt="" loading="lazy" />}
        <span className="news-card-text">
          <span className="news-card-title" dir="auto">
            {post.title}
          </span>
          <ServerText className="news-card-preview two-lines" text={post.preview} />
          <NewsByline post={post} />
        </span>
      </button>
    </li>
  );
}

/** The News tab (`GET /news`, newest first): each post as a card with its cover, preview and date. */
export default function NewsScreen(_: ScreenProps<"news">) {
  const t = useTexts(newsTexts);
  const news = useApiQuery<NewsSummary[]>("/news");
  return (
    <ListScreenContent
      query={news}
      skeleton={<NewsSkeleton />}
      empty={{ icon: "news", title: t("news.empty"), hint: t("news.emptyHint") }}
      className="news-list"
      label={t("news.list")}
      item={(post) => <NewsCard key={post.id} post={post} />}
    />
  );
}
