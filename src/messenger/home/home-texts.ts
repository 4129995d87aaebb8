import { defineEnglishTexts, type Message } from "../shell/i18n.ts";

const english = {
  "home.greeting": "Hi {name}",
  "home.greetingAnonymous": "Hi there",
  "home.lead": "How can we help?",
  "home.sendMessage": "Send us a message",
  "home.sendMessageHint": "We'll get back to you right here",
  "home.continue": "Continue the conversation",
  "home.you": "You",
  "home.actions": "What would you like to do?",
  "home.latestNews": "Latest news",
  "home.allNews": "See all news",
  "home.checklists": "Get started",
  "home.progress": "{done} of {total} done",
  "home.featureRequests": "Feature requests",
  "home.featureRequestsHint": "Vote on ideas or suggest your own",
  "home.searchHelp": "Search for help",
  "home.search": "Search",
  "home.newMessages": { one: "# new message", other: "# new messages" },
} satisfies Record<string, Message>;

export type HomeTextKey = keyof typeof english;

/** The home screen's texts: greeting, its cards and their links. */
export const homeTexts = defineEnglishTexts(english, () =>
  import("./home-translations.ts").then((module) => module.homeTranslations),
);
