import type { ScreenMessage } from "./messenger-store.ts";

/** What the placeholder says about a requested screen: a title and, when there is one, the subject. */
export interface ScreenLabel {
  title: string;
  subject: string | null;
  /** The page name the real messenger reports for it (`page-changed`); news articles widen the frame. */
  page: string;
}

const withSubject = (title: string, subject: string | null | undefined, page: string): ScreenLabel => ({
  title,
  subject: subject ? subject : null,
  page,
});

export function screenLabel(screen: ScreenMessage | null): ScreenLabel {
  if (!screen) return withSubject("Home", null, "home");
  switch (screen.name) {
    case "start-feedbackflow":
      return withSubject("Feedback flow", screen.data.flow, "feedbackflow");
    case "start-survey":
      return withSubject("Survey", screen.data.flow, "survey");
    case "open-conversations":
      return withSubject("Conversations", null, "conversations");
    case "open-conversation":
      return withSubject("Conversation", screen.data.shareToken, "conversation");
    case "start-bot":
      return screen.data.botId
        ? withSubject("Bot", screen.data.botId, "bot")
        : withSubject("New conversation", null, "bot");
    case "open-help-collection":
      return withSubject("Help collection", screen.data.collectionId, "helpcollection");
    case "open-help-article":
      return withSubject("Help article", screen.data.articleId, "helparticle");
    case "open-helpcenter":
      return withSubject("Help center", null, "helpcenter");
    case "open-helpcenter-search":
      return withSubject("Help center search", screen.data.term, "helpcenter");
    case "open-news":
      return withSubject("News", null, "news");
    case "open-news-article":
      return withSubject("News article", screen.data.id, "newsdetails");
    case "open-checklists":
      return withSubject("Checklists", null, "checklists");
    case "open-checklist":
      return withSubject("Checklist", screen.data.id, "checklist");
    case "start-checklist":
      return withSubject(
        "Checklist",
        screen.data.sharedKey
          ? `${screen.data.outboundId} (${screen.data.sharedKey})`
          : screen.data.outboundId,
        "checklist",
      );
    case "open-feature-requests":
      return withSubject("Feature requests", null, "featurerequests");
  }
}

/** "Feedback flow: bugreporting", or the title alone. */
export const screenText = (label: ScreenLabel) =>
  label.subject ? `${label.title}: ${label.subject}` : label.title;
