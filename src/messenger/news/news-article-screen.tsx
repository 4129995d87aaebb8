import type { NewsPost } from "../../shared/news-api.ts";
import { RichText } from "../conversations/rich-text.tsx";
import { ArticleHead, ArticleSkeleton } from "../help/article-head.tsx";
import { ItemQuery, path, type ScreenProps, useApiQuery, useScreenTitle } from "../shell/shell-api.ts";
import { NewsByline } from "./news-screen.tsx";
import "./news.css";

/**
 * A news post (`GET /news/{id}`, the host's `open-news-article`), in the wide frame (page name
 * `newsdetails`): cover, title, author and date, the sanitized body with links opened by the host.
 */
export default function NewsArticleScreen({ screen }: ScreenProps<"news-article">) {
  const post = useApiQuery<NewsPost>(path`/news/${screen.newsId}`);
  useScreenTitle(post.data?.title);
  return (
    <ItemQuery query={post} skeleton={<ArticleSkeleton cover lines={[2, 6]} />}>
      {(data) => <NewsArticle data={data} />}
    </ItemQuery>
  );
}

function NewsArticle({ data }: { data: NewsPost }) {
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
        <ArticleHead titleId="news-article-title" title={data.title} lead={data.preview}>
          <NewsByline post={data} />
        </ArticleHead>
        <RichText html={data.body} testId="news-article-body" />
      </article>
    </div>
  );
}
