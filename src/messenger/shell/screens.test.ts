import { describe, expect, test } from "bun:test";
import type { HostToMessengerMessage } from "../../shared/frame-messages.ts";
import { screenTable } from "../screen-table.ts";
import { pageName, screenFromHostMessage, screenKey } from "./screens.ts";

const cases: Array<[HostToMessengerMessage, string, string]> = [
  [{ name: "start-feedbackflow", data: { flow: "bugreporting" } }, "flow/bugreporting", "feedbackflow"],
  [{ name: "start-feedbackflow", data: {} }, "flow/bugreporting", "feedbackflow"],
  [
    { name: "start-survey", data: { flow: "s-1", format: "survey_full" } },
    "survey/s-1/survey_full",
    "survey",
  ],
  [{ name: "start-survey", data: { flow: "s-1", format: "odd" } }, "survey/s-1/survey", "survey"],
  [{ name: "open-conversations", data: {} }, "conversations", "conversations"],
  [{ name: "open-conversation", data: { shareToken: "c-1" } }, "conversation/c-1", "conversation"],
  [{ name: "start-bot", data: { botId: "b-1" } }, "bot/b-1", "bot"],
  [{ name: "start-bot", data: { botId: "" } }, "new-conversation", "conversation"],
  [{ name: "open-helpcenter", data: {} }, "help", "helpcenter"],
  [{ name: "open-help-collection", data: { collectionId: "hc" } }, "help-collection/hc", "helpcollection"],
  [{ name: "open-help-article", data: { articleId: "a" } }, "help-article/a", "appextended"],
  [{ name: "open-helpcenter-search", data: { term: "refund" } }, "help-search/refund", "helpcenter"],
  [{ name: "open-news", data: {} }, "news", "news"],
  [{ name: "open-news-article", data: { id: "n" } }, "news-article/n", "newsdetails"],
  [{ name: "open-checklists", data: {} }, "checklists", "checklists"],
  [{ name: "open-checklist", data: { id: "cl" } }, "checklist/cl", "checklist"],
  [
    { name: "start-checklist", data: { outboundId: "o", sharedKey: "team" } },
    "checklist/o/team",
    "checklist",
  ],
  [{ name: "open-feature-requests", data: {} }, "feature-requests", "featurerequests"],
];

describe("host screen messages", () => {
  test("every screen message maps to a screen, its key and its page name", () => {
    for (const [message, key, page] of cases) {
      const request = screenFromHostMessage(message);
      expect(request && screenKey(request.screen), message.name).toBe(key);
      expect(request && pageName(request.screen), message.name).toBe(page);
    }
    expect(screenFromHostMessage({ name: "open-news", data: { hideBackButton: true } })?.hideBackButton).toBe(
      true,
    );
    expect(screenFromHostMessage({ name: "session-cleared" })).toBeNull();
  });

  test("every screen is registered with a loader and a title", () => {
    for (const [message] of cases) {
      const request = screenFromHostMessage(message);
      if (!request) throw new Error(message.name);
      expect(screenTable[request.screen.name].title).toBeString();
    }
    expect(typeof screenTable.flow.load).toBe("function");
    expect(typeof screenTable.home.load).toBe("object");
  });
});
