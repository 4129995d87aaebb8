import { defineEnglishTexts, type Message } from "./i18n.ts";

const english = {
  "shell.back": "Back",
  "shell.close": "Close",
  "shell.tabs": "Sections",
  "shell.connecting": "Connecting…",
  "tab.home": "Home",
  "tab.messages": "Messages",
  "tab.news": "News",
  "tab.help": "Help",
  "tab.unread": { one: "# unread", other: "# unread" },
  "state.error": "Something went wrong",
  "state.offline": "We could not reach the server. Check your connection and try again.",
  "state.notFound": "This is no longer available.",
  "state.retry": "Try again",
  "state.loading": "Loading…",
  "state.empty": "Nothing here yet",
  "state.backHome": "Back to home",
  "title.home": "Home",
  "title.conversations": "Messages",
  "title.conversation": "Conversation",
  "title.newConversation": "New conversation",
  "title.flow": "Feedback",
  "title.survey": "Survey",
  "title.bot": "Chat",
  "title.help": "Help",
  "title.helpCollection": "Help",
  "title.helpArticle": "Article",
  "title.helpSearch": "Search results",
  "title.news": "News",
  "title.newsArticle": "News",
  "title.featureRequests": "Feature requests",
  "title.checklists": "Checklists",
  "title.checklist": "Checklist",
  "standalone.title": "Messenger",
  "standalone.lead": "Conversations, news and help for your visitors.",
  "standalone.text":
    "This origin serves the widget's messenger frame. It opens inside a site that embeds the widget snippet.",
} satisfies Record<string, Message>;

export type ShellTextKey = keyof typeof english;

/** The shell's own texts: header, tab bar, screen titles, loading, empty and error states. */
export const shellTexts = defineEnglishTexts(english, () =>
  import("./shell-translations.ts").then((module) => module.shellTranslations),
);
