import type { HelpArticle, HelpCollection } from "../../shared/help-center-api.ts";
import { ContentIcon } from "../conversations/content-icons.tsx";
import { NewConversationButton } from "../conversations/new-conversation-button.tsx";
import { RichText } from "../conversations/rich-text.tsx";
import {
  ItemQuery,
  path,
  relativeTime,
  type ScreenProps,
  useApiQuery,
  useLocale,
  useScreenTitle,
  useTexts,
} from "../shell/shell-api.ts";
import { ArticleHead, ArticleSkeleton } from "./article-head.tsx";
import { helpTexts } from "./help-texts.ts";
import "./help.css";

/** The way to a person below every article. */
export function StillNeedHelp() {
  const t = useTexts(helpTexts);
  return (
    <aside className="card still-need-help" aria-labelledby="still-need-help-title">
      <span className="row-icon">
        <ContentIcon name="chat" />
      </span>
      <div className="still-need-help-text">
        <h3 id="still-need-help-title">{t("help.stillNeedHelp")}</h3>
        <p>{t("help.stillNeedHelpText")}</p>
      </div>
      <NewConversationButton>{t("help.ask")}</NewConversationButton>
    </aside>
  );
}

/**
 * A help article (`GET /help/articles/{id}`, the host's `open-help-article`), in the host's wide
 * "extended" frame (the page name `appextended`): title, description, when it was updated, the
 * sanitized body in reading typography with links opened by the host, and a way to ask a person.
 */
export default function HelpArticleScreen({ screen }: ScreenProps<"help-article">) {
  const t = useTexts(helpTexts);
  const { lang } = useLocale();
  const article = useApiQuery<HelpArticle>(path`/help/articles/${screen.articleId}`);
  const collections = useApiQuery<HelpCollection[]>(article.data ? "/help/collections" : null);
  const collection = collections.data?.find((item) => item.id === article.data?.collectionId);
  // The header names where the article is; the article's own title is its heading below.
  useScreenTitle(collection?.title);
  return (
    <ItemQuery query={article} skeleton={<ArticleSkeleton lines={[2, 6, 4]} />}>
      {(data) => (
        <div className="article-page">
          <article className="article" aria-labelledby="help-article-title" data-testid="help-article">
            <ArticleHead titleId="help-article-title" title={data.title} lead={data.description}>
              <ContentIcon name="clock" size={14} />
              {t("help.updated", { when: relativeTime(lang, data.updatedAt) })}
            </ArticleHead>
            <RichText html={data.body} testId="help-article-body" />
          </article>
          <StillNeedHelp />
        </div>
      )}
    </ItemQuery>
  );
}
