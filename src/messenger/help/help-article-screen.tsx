import type { HelpArticle } from "../../shared/messenger-api.ts";
import { plainText } from "../home/home-screen.tsx";
import { path, QueryView, type ScreenProps, useApiQuery, useScreenTitle } from "../shell/shell-api.ts";

/** Placeholder (the help article replaces it, with sanitized HTML): the article as plain text. */
export default function HelpArticleScreen({ screen }: ScreenProps<"help-article">) {
  const article = useApiQuery<HelpArticle>(path`/help/articles/${screen.articleId}`);
  useScreenTitle(article.data?.title);
  return (
    <div className="screen-content">
      <QueryView query={article}>
        {(data) => (
          <article className="card prose">
            <h2>{data.title}</h2>
            <p>{plainText({ author: "staff", text: data.body })}</p>
          </article>
        )}
      </QueryView>
    </div>
  );
}
