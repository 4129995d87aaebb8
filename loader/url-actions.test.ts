import { describe, expect, test } from "bun:test";
import type { HostCommandName } from "../src/shared/widget-chunk-contract.ts";
import { parseGleapLink, parseUrlActions } from "./url-actions.ts";

describe("parseUrlActions", () => {
  test("no gleap_* parameter gives no command", () => {
    expect(parseUrlActions("")).toEqual([]);
    expect(parseUrlActions("?utm_source=mail&page=2")).toEqual([]);
  });

  test("gleap_widget opens the widget, with or without a value", () => {
    expect(parseUrlActions("?gleap_widget")).toEqual([{ command: "open", args: [] }]);
    expect(parseUrlActions("?gleap_widget=1")).toEqual([{ command: "open", args: [] }]);
  });

  test("gleap_conversation=true starts a conversation", () => {
    expect(parseUrlActions("?gleap_conversation=true")).toEqual([{ command: "startConversation", args: [] }]);
  });

  test("any other gleap_conversation value is a bot id", () => {
    expect(parseUrlActions("?gleap_conversation=bot-42")).toEqual([
      { command: "startBot", args: ["bot-42"] },
    ]);
    expect(parseUrlActions("?gleap_conversation=TRUE")).toEqual([{ command: "startBot", args: ["TRUE"] }]);
  });

  test("an empty gleap_conversation does nothing", () => {
    expect(parseUrlActions("?gleap_conversation=")).toEqual([]);
  });

  test("gleap_feedback starts that feedback flow", () => {
    expect(parseUrlActions("?gleap_feedback=bugreporting")).toEqual([
      { command: "startFeedbackFlow", args: ["bugreporting"] },
    ]);
  });

  test("gleap_survey shows a normal survey by default", () => {
    expect(parseUrlActions("?gleap_survey=s1")).toEqual([{ command: "showSurvey", args: ["s1", "survey"] }]);
    expect(parseUrlActions("?gleap_survey=s1&gleap_survey_format=survey_web")).toEqual([
      { command: "showSurvey", args: ["s1", "survey"] },
    ]);
  });

  test("gleap_survey_format=survey_full shows a full-screen survey", () => {
    expect(parseUrlActions("?gleap_survey=s1&gleap_survey_format=survey_full")).toEqual([
      { command: "showSurvey", args: ["s1", "survey_full"] },
    ]);
  });

  test("gleap_survey_format alone does nothing", () => {
    expect(parseUrlActions("?gleap_survey_format=survey_full")).toEqual([]);
  });

  test("gleap_tour starts the tour after gleap_tour_delay seconds", () => {
    expect(parseUrlActions("?gleap_tour=t1&gleap_tour_delay=5")).toEqual([
      { command: "startProductTour", args: ["t1"], delaySeconds: 5 },
    ]);
    expect(parseUrlActions("?gleap_tour=t1&gleap_tour_delay=0.5")).toEqual([
      { command: "startProductTour", args: ["t1"], delaySeconds: 0.5 },
    ]);
    expect(parseUrlActions("?gleap_tour=t1&gleap_tour_delay=0")).toEqual([
      { command: "startProductTour", args: ["t1"], delaySeconds: 0 },
    ]);
  });

  test.each([
    ["missing", "?gleap_tour=t1"],
    ["empty", "?gleap_tour=t1&gleap_tour_delay="],
    ["blank", "?gleap_tour=t1&gleap_tour_delay=%20%20"],
    ["not a number", "?gleap_tour=t1&gleap_tour_delay=soon"],
    ["a number with a unit", "?gleap_tour=t1&gleap_tour_delay=3s"],
  ])("a %s gleap_tour_delay defaults to 2 seconds", (_case, search) => {
    expect(parseUrlActions(search)).toEqual([{ command: "startProductTour", args: ["t1"], delaySeconds: 2 }]);
  });

  test("values are URL-decoded", () => {
    expect(parseUrlActions("?gleap_feedback=flow%20one")).toEqual([
      { command: "startFeedbackFlow", args: ["flow one"] },
    ]);
  });

  test("the search may be given without its question mark", () => {
    expect(parseUrlActions("gleap_feedback=f1")).toEqual([{ command: "startFeedbackFlow", args: ["f1"] }]);
  });

  test("several parameters give several commands in a fixed order", () => {
    const search = "?gleap_tour=t1&gleap_survey=s1&gleap_feedback=f1&gleap_conversation=b1&gleap_widget";
    expect(parseUrlActions(search)).toEqual([
      { command: "open", args: [] },
      { command: "startBot", args: ["b1"] },
      { command: "startFeedbackFlow", args: ["f1"] },
      { command: "showSurvey", args: ["s1", "survey"] },
      { command: "startProductTour", args: ["t1"], delaySeconds: 2 },
    ]);
  });
});

describe("parseGleapLink", () => {
  test.each<[string, HostCommandName]>([
    ["article", "openHelpCenterArticle"],
    ["collection", "openHelpCenterCollection"],
    ["flow", "startFeedbackFlow"],
    ["survey", "showSurvey"],
    ["bot", "startBot"],
    ["news", "openNewsArticle"],
    ["checklist", "startChecklist"],
    ["tour", "startProductTour"],
  ])("gleap://x/%s/{id} runs %s with the id", (kind, command) => {
    expect(parseGleapLink(`gleap://x/${kind}/id-123`)).toEqual({ command, args: ["id-123"] });
  });

  test("a checklist link's fifth segment is the shared key (startChecklist's third argument)", () => {
    expect(parseGleapLink("gleap://x/checklist/c1/shared-9")).toEqual({
      command: "startChecklist",
      args: ["c1", true, "shared-9"],
    });
  });

  test("the id and shared key are URL-decoded", () => {
    expect(parseGleapLink("gleap://x/checklist/c%201/key%2Fa")).toEqual({
      command: "startChecklist",
      args: ["c 1", true, "key/a"],
    });
  });

  test("query and fragment are ignored", () => {
    expect(parseGleapLink("gleap://x/article/a1?ref=mail#top")).toEqual({
      command: "openHelpCenterArticle",
      args: ["a1"],
    });
  });

  test("the scheme is case-insensitive and surrounding blanks are ignored", () => {
    expect(parseGleapLink("  GLEAP://x/bot/b7  ")).toEqual({ command: "startBot", args: ["b7"] });
  });

  test("a single-slash form is accepted", () => {
    expect(parseGleapLink("gleap:/x/news/n1")).toEqual({ command: "openNewsArticle", args: ["n1"] });
  });

  test("an unknown kind throws", () => {
    expect(() => parseGleapLink("gleap://x/unknown/1")).toThrow("Unknown Gleap link gleap://x/unknown/1");
  });

  test("a missing id throws", () => {
    expect(() => parseGleapLink("gleap://x/article")).toThrow("Unknown Gleap link");
    expect(() => parseGleapLink("gleap://x/article/")).toThrow("Unknown Gleap link");
  });

  test("a first segment other than x throws", () => {
    expect(() => parseGleapLink("gleap://y/article/a1")).toThrow("Unknown Gleap link");
  });

  test.each([
    "https://example.com/x/article/a1",
    "/x/article/a1",
    "mailto:team@example.com",
    "",
    "notgleap://x/article/a1",
  ])("%p is not a Gleap link: null", (href) => {
    expect(parseGleapLink(href)).toBeNull();
  });
});

test("names from the object prototype are not link kinds", () => {
  expect(() => parseGleapLink("gleap://x/toString/1")).toThrow("Unknown Gleap link");
  expect(() => parseGleapLink("gleap://x/constructor/1")).toThrow("Unknown Gleap link");
});
