import type { HostToMessengerMessage } from "../../shared/frame-messages.ts";
import { matchesPageFilter } from "../../shared/page-filter.ts";
import { surveyMode, type WidgetMode } from "./frame-layout.ts";

/**
 * The host API's screen commands (spec §7) as the reference client turns them into messenger
 * messages: which message, with which data, in which mode, and whether the widget then opens.
 * Names, data shapes and defaults are the reference's (node_modules/gleap/build/cjs/index.js):
 * `showBack` defaults to true except for feedback flows, where an omitted flag hides the back button;
 * commands that need an id do nothing without one.
 */
export interface ScreenRequest {
  mode: WidgetMode;
  message?: HostToMessengerMessage;
  /** "drawing": the flow starts with the capture editor instead of the panel (Ctrl+U). */
  show: "widget" | "drawing";
}

/** What `startFeedbackFlow` may get as a third argument (the loader's Ctrl+U shortcut). */
interface FlowOptions {
  autostartDrawing?: boolean;
}

/** An outbound action from the socket (spec §3 "Outbound action object"), as `showSurvey` gets it. */
interface OutboundAction {
  actionType?: unknown;
  format?: unknown;
  pageFilter?: unknown;
  pageFilterType?: unknown;
}

const text = (value: unknown) => (typeof value === "string" ? value : "");
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The reference's `showBack` argument: anything but an explicit false shows the back button. */
const hideBack = (showBack: unknown) => showBack === false;

/**
 * The reference ignores `showBackButton` for these four although its typings declare it: an omitted
 * flag sends the reference's data exactly (`{}`, `{id}`), an explicit one is honoured.
 */
const optionalHideBack = (showBack: unknown) =>
  showBack === undefined ? {} : { hideBackButton: showBack === false };

const widget = (message: HostToMessengerMessage): ScreenRequest => ({
  mode: "widget",
  message,
  show: "widget",
});

function feedbackFlow(flow: unknown, showBack: unknown, options: unknown): ScreenRequest {
  const autostart = isObject(options) && (options as FlowOptions).autostartDrawing === true;
  return {
    mode: "widget",
    // The reference sends `hideBackButton: !showBack`: an omitted flag hides it.
    message: {
      name: "start-feedbackflow",
      data: { ...(typeof flow === "string" ? { flow } : {}), hideBackButton: !showBack },
    },
    show: autostart ? "drawing" : "widget",
  };
}

/**
 * `showSurvey(surveyId, format)`, or an outbound action from the socket: then the survey's id is the
 * action type, and it runs only where its page filter matches the current address (spec §5).
 */
function survey(first: unknown, format: unknown, currentUrl: string): ScreenRequest | null {
  let id = first;
  let surveyFormat = format;
  if (isObject(first)) {
    const action = first as OutboundAction;
    const filter = text(action.pageFilter);
    if (filter !== "" && !matchesPageFilter(currentUrl, filter, text(action.pageFilterType))) return null;
    id = action.actionType;
    surveyFormat = action.format;
  }
  if (typeof id !== "string" || id === "") return null;
  const mode = surveyMode(surveyFormat ?? "survey");
  return {
    mode,
    message: { name: "start-survey", data: { flow: id, hideBackButton: true, format: mode } },
    show: "widget",
  };
}

/** The request for a screen command, or null when the command is not one or lacks what it needs. */
export function screenRequest(command: string, args: unknown[], currentUrl: string): ScreenRequest | null {
  const [first, second, third] = args;
  const id = text(first);
  // Commands that need an id do nothing without one.
  const withId = (message: HostToMessengerMessage) => (id ? widget(message) : null);
  switch (command) {
    case "open":
      return { mode: "widget", show: "widget" };
    case "startFeedbackFlow":
    case "startClassicForm":
      return feedbackFlow(first, second, third);
    case "showSurvey":
      return survey(first, second, currentUrl);
    case "startBot":
      return widget({ name: "start-bot", data: { botId: id, hideBackButton: hideBack(second) } });
    case "startConversation":
      return widget({ name: "start-bot", data: { botId: "", hideBackButton: hideBack(first) } });
    case "openConversations":
      return widget({ name: "open-conversations", data: { hideBackButton: hideBack(first) } });
    case "openConversation":
      return withId({
        name: "open-conversation",
        data: { shareToken: id, hideBackButton: hideBack(second) },
      });
    case "openHelpCenter":
      return widget({ name: "open-helpcenter", data: { hideBackButton: hideBack(first) } });
    case "openHelpCenterArticle":
      return withId({ name: "open-help-article", data: { articleId: id, hideBackButton: hideBack(second) } });
    case "openHelpCenterCollection":
      return withId({
        name: "open-help-collection",
        data: { collectionId: id, ...optionalHideBack(second) },
      });
    case "searchHelpCenter":
      return withId({ name: "open-helpcenter-search", data: { term: id, hideBackButton: hideBack(second) } });
    case "openNews":
      return widget({ name: "open-news", data: { hideBackButton: hideBack(first) } });
    case "openNewsArticle":
      return withId({ name: "open-news-article", data: { id, ...optionalHideBack(second) } });
    case "openChecklists":
      return widget({ name: "open-checklists", data: optionalHideBack(first) });
    case "openChecklist":
      return withId({ name: "open-checklist", data: { id, hideBackButton: hideBack(second) } });
    case "startChecklist": {
      const sharedKey = text(third);
      return withId({
        name: "start-checklist",
        data: { outboundId: id, hideBackButton: hideBack(second), ...(sharedKey ? { sharedKey } : {}) },
      });
    }
    case "openFeatureRequests":
      return widget({ name: "open-feature-requests", data: optionalHideBack(first) });
    default:
      return null;
  }
}
