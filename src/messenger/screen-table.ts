import { HomeScreen } from "./home/home-screen.tsx";
import { path } from "./shell/api-client.ts";
import { createScreenRegistry, type ScreenTable } from "./shell/screen-registry.ts";

/**
 * Every screen of the messenger, by name: its component (each but home a lazy chunk of its own), its
 * default title, what it fetches first, and its chrome. The type requires an entry for every variant
 * of `Screen`; a new screen is one line here (and its variant in shell/screens.ts).
 */
export const screenTable: ScreenTable = {
  home: {
    load: { eager: HomeScreen },
    title: "title.home",
    chrome: "hero",
    prefetch: () => ["/messenger/home"],
  },
  flow: {
    load: () => import("./flows/flow-screen.tsx"),
    title: "title.flow",
    prefetch: (screen) => [path`/flows/${screen.flowKey}`],
  },
  survey: {
    load: () => import("./surveys/survey-screen.tsx"),
    title: "title.survey",
    chrome: "bare",
    prefetch: (screen) => [path`/surveys/${screen.surveyId}`],
  },
  conversations: {
    load: () => import("./conversations/conversations-screen.tsx"),
    title: "title.conversations",
    prefetch: () => ["/conversations"],
  },
  conversation: {
    load: () => import("./conversations/conversation-screen.tsx"),
    title: "title.conversation",
    prefetch: (screen) => [path`/conversations/${screen.shareToken}`],
  },
  "new-conversation": {
    load: () => import("./conversations/new-conversation-screen.tsx"),
    title: "title.newConversation",
  },
  bot: {
    load: () => import("./bots/bot-screen.tsx"),
    title: "title.bot",
    prefetch: (screen) => [path`/bots/${screen.botId}`],
  },
  help: {
    load: () => import("./help/help-screen.tsx"),
    title: "title.help",
    prefetch: () => ["/help/collections"],
  },
  "help-collection": {
    load: () => import("./help/help-collection-screen.tsx"),
    title: "title.helpCollection",
    prefetch: (screen) => [path`/help/collections/${screen.collectionId}`],
  },
  "help-article": {
    load: () => import("./help/help-article-screen.tsx"),
    title: "title.helpArticle",
    prefetch: (screen) => [path`/help/articles/${screen.articleId}`, "/help/collections"],
  },
  "help-search": {
    load: () => import("./help/help-search-screen.tsx"),
    title: "title.helpSearch",
    prefetch: (screen) =>
      screen.term.trim()
        ? [`/help/search?q=${encodeURIComponent(screen.term.trim())}`, "/help/collections"]
        : [],
  },
  news: { load: () => import("./news/news-screen.tsx"), title: "title.news", prefetch: () => ["/news"] },
  "news-article": {
    load: () => import("./news/news-article-screen.tsx"),
    title: "title.newsArticle",
    prefetch: (screen) => [path`/news/${screen.newsId}`],
  },
  "feature-requests": {
    load: () => import("./feature-requests/feature-requests-screen.tsx"),
    title: "title.featureRequests",
    prefetch: () => ["/feature-requests?sort=top"],
  },
  checklists: {
    load: () => import("./checklists/checklists-screen.tsx"),
    title: "title.checklists",
    prefetch: () => ["/checklists"],
  },
  checklist: {
    load: () => import("./checklists/checklist-screen.tsx"),
    title: "title.checklist",
    // A known instance is fetched at once; an outbound is started by the screen first.
    prefetch: (screen) =>
      "checklistId" in screen
        ? [`${path`/outbound/checklists/${screen.checklistId}`}?convertTipTap=true`]
        : [],
  },
};

export const createScreens = () => createScreenRegistry(screenTable);
