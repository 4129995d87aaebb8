import type { HostToMessengerMessage } from "../../shared/frame-messages.ts";

/**
 * Every screen of the messenger, as one discriminated union: the name says which screen, the other
 * fields say what it shows. Host messages (spec §2 "Widget screens opened by messages") map onto it
 * in `screenFromHostMessage`; screens open each other with `navigator.push(screen)`.
 *
 * Adding a screen: add its variant here (and to `pageName`), then register its component in
 * `screen-registrations.ts`. The type checker points at every switch that must learn it.
 */
export type SurveyFormat = "survey" | "survey_full" | "survey_web";

export type Screen =
  | { name: "home" }
  | { name: "conversations" }
  | { name: "conversation"; shareToken: string }
  | { name: "new-conversation" }
  | { name: "flow"; flowKey: string }
  | { name: "survey"; surveyId: string; format: SurveyFormat }
  | { name: "bot"; botId: string }
  | { name: "help" }
  | { name: "help-collection"; collectionId: string }
  | { name: "help-article"; articleId: string }
  | { name: "help-search"; term: string }
  | { name: "news" }
  | { name: "news-article"; newsId: string }
  | { name: "feature-requests" }
  | { name: "checklists" }
  /** A checklist instance by id, or an outbound checklist to start (one per session or shared key). */
  | { name: "checklist"; checklistId: string }
  | { name: "checklist"; outboundId: string; sharedKey?: string };

export type ScreenName = Screen["name"];
export type ScreenOf<N extends ScreenName> = Extract<Screen, { name: N }>;

/** The tabs of the tab bar and the screen each one opens. */
export const tabs = ["home", "messages", "news", "help"] as const;
export type Tab = (typeof tabs)[number];

export const tabScreens: Record<Tab, Screen> = {
  home: { name: "home" },
  messages: { name: "conversations" },
  news: { name: "news" },
  help: { name: "help" },
};

/** The tab a screen is the root of, or null for a screen inside a tab (an article, a flow). */
export function tabOf(screen: Screen): Tab | null {
  switch (screen.name) {
    case "home":
      return "home";
    case "conversations":
      return "messages";
    case "news":
      return "news";
    case "help":
      return "help";
    default:
      return null;
  }
}

/**
 * The page name reported to the host with `page-changed` (spec §2): `newsdetails` and `appextended`
 * switch the host to its wide frame; any other name narrows it again.
 */
export function pageName(screen: Screen): string {
  switch (screen.name) {
    case "home":
      return "home";
    case "conversations":
      return "conversations";
    case "conversation":
    case "new-conversation":
      return "conversation";
    case "flow":
      return "feedbackflow";
    case "survey":
      return "survey";
    case "bot":
      return "bot";
    case "help":
    case "help-search":
      return "helpcenter";
    case "help-collection":
      return "helpcollection";
    case "help-article":
      return "appextended";
    case "news":
      return "news";
    case "news-article":
      return "newsdetails";
    case "feature-requests":
      return "featurerequests";
    case "checklists":
      return "checklists";
    case "checklist":
      return "checklist";
  }
}

/** A short, stable text for a screen ("flow/bugreporting"): the root's `data-screen`, logs, tests. */
export function screenKey(screen: Screen): string {
  return [screen.name, ...keyParts(screen)].filter((part) => part !== undefined && part !== "").join("/");
}

/** What tells one screen of a kind from another: its ids, in the key's order. */
function keyParts(screen: Screen): Array<string | undefined> {
  switch (screen.name) {
    case "conversation":
      return [screen.shareToken];
    case "flow":
      return [screen.flowKey];
    case "survey":
      return [screen.surveyId, screen.format];
    case "bot":
      return [screen.botId];
    case "help-collection":
      return [screen.collectionId];
    case "help-article":
      return [screen.articleId];
    case "help-search":
      return [screen.term];
    case "news-article":
      return [screen.newsId];
    case "checklist":
      return "checklistId" in screen ? [screen.checklistId] : [screen.outboundId, screen.sharedKey];
    default:
      return [];
  }
}

/** A screen request from the host: the screen, and whether the visitor may go back from it. */
export interface HostScreenRequest {
  screen: Screen;
  hideBackButton: boolean;
}

const surveyFormat = (format: unknown): SurveyFormat =>
  format === "survey_full" || format === "survey_web" ? format : "survey";

/** The screen a host message asks for, or null when the message is not a screen request. */
export function screenFromHostMessage(message: HostToMessengerMessage): HostScreenRequest | null {
  const screen = requestedScreen(message);
  if (!screen || !("data" in message)) return null;
  // Every message that asks for a screen has the optional hideBackButton in its data.
  const { hideBackButton } = message.data as { hideBackButton?: boolean };
  return { screen, hideBackButton: hideBackButton === true };
}

function requestedScreen(message: HostToMessengerMessage): Screen | null {
  switch (message.name) {
    case "start-feedbackflow":
      // The reference's default flow: what Ctrl+U and a bare `startFeedbackFlow()` start.
      return { name: "flow", flowKey: message.data.flow || "bugreporting" };
    case "start-survey":
      return { name: "survey", surveyId: message.data.flow, format: surveyFormat(message.data.format) };
    case "open-conversations":
      return { name: "conversations" };
    case "open-conversation":
      return { name: "conversation", shareToken: message.data.shareToken };
    case "start-bot":
      // An empty bot id is `startConversation()`: a new conversation with the project's default.
      return message.data.botId ? { name: "bot", botId: message.data.botId } : { name: "new-conversation" };
    case "open-helpcenter":
      return { name: "help" };
    case "open-help-collection":
      return { name: "help-collection", collectionId: message.data.collectionId };
    case "open-help-article":
      return { name: "help-article", articleId: message.data.articleId };
    case "open-helpcenter-search":
      return { name: "help-search", term: message.data.term };
    case "open-news":
      return { name: "news" };
    case "open-news-article":
      return { name: "news-article", newsId: message.data.id };
    case "open-checklists":
      return { name: "checklists" };
    case "open-checklist":
      return { name: "checklist", checklistId: message.data.id };
    case "start-checklist":
      return {
        name: "checklist",
        outboundId: message.data.outboundId,
        ...(message.data.sharedKey ? { sharedKey: message.data.sharedKey } : {}),
      };
    case "open-feature-requests":
      return { name: "feature-requests" };
    default:
      return null;
  }
}

/** Whether a screen is a survey shown in one of the host's survey modes (no messenger chrome). */
export const isBareSurvey = (screen: Screen) => screen.name === "survey";
