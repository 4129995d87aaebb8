import type { NewsPost } from "../../shared/messenger-api.ts";
import { RichText } from "../conversations/rich-text.tsx";
import {
  ErrorState,
  path,
  type ScreenProps,
  Skeleton,
  useApiQuery,
  useScreenTitle,
} from "../shell/shell-api.ts";
import { NewsByline } from "./news-screen.tsx";
import "../help/help.css";
import "./news.css";

function PostSkeleton() {
  return (
    <div className="article-page" aria-busy="true">
      <span className="skeleton-block news-cover-skeleton" />
      <Skeleton lines={2} card={false} />
      <Skeleton lines={6} card={false} />
    </div>
  );
}

/**
 * A news post (`GET /news/{id}`, the host's `open-news-article`), in the wide frame (page name
 * `newsdetails`): cover, title, author and date, the sanitized body with links opened by the host.
 */
export default function NewsArticleScreen({ screen }: ScreenProps<"news-article">) {
  const post = useApiQuery<NewsPost>(path`/news/${screen.newsId}`);
  useScreenTitle(post.data?.title);
  if (post.status === "loading" || (post.status === "ready" && !post.data)) return <PostSkeleton />;
  if (post.status === "error" || !post.data) return <ErrorState error={post.error} onRetry={post.retry} />;
  const data = post.data;
  return (
    <div className="article-page">
      {/* Focusable, so a keyboard reaches the post and scrolls it even when it has no links. */}
      <article
        className="article news-article"
        aria-labelledby="news-article-title"
        data-testid="news-article"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region needs a keyboard stop (WCAG 2.1.1)
        tabIndex={0}
      >
        {data.coverImageUrl && <img className="news-article-cover" src={data.coverImageUrl} alt="" />}
        <header className="article-head">
          <h2 className="article-title" id="news-article-title" dir="auto" tabIndex={-1}>
            {data.title}
          </h2>
          {data.preview && (
            <p className="article-lead" dir="auto">
              {data.preview}
            </p>
          )}
          <p className="article-meta">
            <NewsByline post={data} />
          </p>
        </header>
        <RichText html={data.body} testId="news-article-body" />
      </article>
    </div>
  );
}
