import type { NewsPost } from "../../shared/messenger-api.ts";
import { plainText } from "../home/home-screen.tsx";
import { path, QueryView, type ScreenProps, useApiQuery, useScreenTitle } from "../shell/shell-api.ts";

/** Placeholder (the news article replaces it, with sanitized HTML): the post as plain text. */
export default function NewsArticleScreen({ screen }: ScreenProps<"news-article">) {
  const post = useApiQuery<NewsPost>(path`/news/${screen.newsId}`);
  useScreenTitle(post.data?.title);
  return (
    <div className="screen-content">
      <QueryView query={post}>
        {(data) => (
          <article className="card prose">
            {data.coverImageUrl && <img className="news-cover" src={data.coverImageUrl} alt="" />}
            <h2>{data.title}</h2>
            <p>{plainText({ author: "staff", text: data.body })}</p>
          </article>
        )}
      </QueryView>
    </div>
  );
}
