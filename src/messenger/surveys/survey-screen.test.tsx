import { afterEach, describe, expect, jest, test } from "bun:test";
import { act } from "react";
import type { Survey } from "../../shared/surveys-api.ts";
import { ApiError } from "../shell/api-client.ts";
import { button, click, q, qa, type, waitFor } from "../test-support/dom-kit.ts";
import { cleanup, renderMessenger } from "../test-support/messenger-test-kit.tsx";
import { autoAdvanceMs } from "./use-survey-form.ts";

afterEach(cleanup);

const survey: Survey = {
  id: "s-1",
  title: "Quick question",
  description: "Two minutes, promised.",
  answered: false,
  allowMultipleAnswers: false,
  thankYouMessage: "Thanks, that helps a lot.",
  questions: [
    { id: "nps", type: "nps", title: "How likely are you to recommend us?", required: true },
    { id: "stars", type: "rating", title: "Rate the editor", scale: 5 },
    { id: "plan", type: "single", title: "Which plan?", options: ["Free", "Pro"], required: true },
    { id: "uses", type: "multiple", title: "What do you use?", options: ["Notes", "Tasks", "Calendar"] },
    { id: "why", type: "text", title: "Anything else?", description: "Optional, but welcome." },
  ],
};

async function openSurvey(answer: unknown = survey, format = "survey", routes: Record<string, unknown> = {}) {
  const rendered = await renderMessenger({ routes: { "GET /surveys/s-1": answer, ...routes } });
  await rendered.host({ name: "start-survey", data: { flow: "s-1", hideBackButton: true, format } });
  await waitFor(() => q(rendered.container, "[data-testid=survey] form, [data-testid=survey-done]"));
  return rendered;
}

/** A survey of one single choice ("A"), opened; its answer is taken. */
const openOneQuestionSurvey = () =>
  openSurvey(
    { ...survey, questions: [{ id: "q", type: "single", title: "Pick", options: ["A"] }] },
    "survey",
    { "POST /surveys/s-1/answers": { id: "a" } },
  );

const title = (root: ParentNode) => q(root, ".survey-title")?.childNodes[0]?.textContent;
const step = (root: ParentNode) => q(root, "[data-testid=survey-step]")?.textContent;
const next = (root: ParentNode) => click(q(root, "[data-testid=survey-next]"));
/**
 * The auto-advance after an answer is a timer: the answer is given on a fake clock (`fakeClock` first),
 * and `waitAdvance` moves it on by the delay instead of the test waiting it out.
 */
const fakeClock = () => jest.useFakeTimers();
async function waitAdvance() {
  await act(async () => jest.advanceTimersByTime(autoAdvanceMs));
  jest.useRealTimers();
}

describe("survey", () => {
  test("a bare card in the host's survey mode: no messenger chrome, a close button, page survey", async () => {
    const { container, sent } = await openSurvey();
    expect(q(container, ".header-bar")).toBeNull();
    expect(q(container, ".tab-bar")).toBeNull();
    expect(q(container, "[data-testid=survey]")?.dataset.format).toBe("survey");
    expect(q(container, ".survey-eyebrow")?.textContent).toBe("Quick question");
    expect(q(container, ".survey-intro .survey-description")?.textContent).toBe("Two minutes, promised.");
    expect(step(container)).toBe("Question 1 of 5");
    await click(q(container, "[data-testid=frame-close]"));
    expect(sent.at(-1)).toEqual({ name: "close-widget" });
    expect(sent.filter((message) => message.name === "page-changed").at(-1)).toEqual({
      name: "page-changed",
      data: { name: "survey" },
    });
  });

  test("every question type, one a step; required rules; the answers posted; thank you", async () => {
    const { container, api } = await openSurvey();
    // NPS: required, 0–10.
    expect(title(container)).toBe("How likely are you to recommend us?");
    expect(qa(container, ".nps-score input")).toHaveLength(11);
    await next(container);
    expect(q(container, "[data-testid=survey-required]")?.textContent).toBe("Please answer this question.");
    expect(q(container, ".nps-scale")?.getAttribute("aria-invalid")).toBe("true");
    fakeClock();
    await click(q(container, ".nps-score input[value='9']"));
    expect(q(container, ".nps-score--on")?.textContent).toBe("9");
    await waitAdvance();
    // Rating: optional, stars; skipped with Next.
    expect(step(container)).toBe("Question 2 of 5");
    expect(title(container)).toBe("Rate the editor");
    expect(q(container, ".survey-optional")?.textContent).toBe("Optional");
    expect(qa(container, ".stars input")).toHaveLength(5);
    fakeClock();
    await click(q(container, ".stars input[value='4']"));
    await waitAdvance();
    // Single choice, then back to change the rating.
    expect(title(container)).toBe("Which plan?");
    await click(q(container, "[aria-label='Previous question']"));
    expect(title(container)).toBe("Rate the editor");
    expect(qa(container, ".star--on")).toHaveLength(4);
    fakeClock();
    await click(q(container, ".stars input[value='5']"));
    await waitAdvance();
    fakeClock();
    await click(q(container, ".choice input[value='Pro']"));
    await waitAdvance();
    // Multiple choice: several, Next.
    expect(q(container, ".choices-hint")?.textContent).toBe("Choose all that apply.");
    await click(q(container, ".choice input[value='Notes']"));
    await click(q(container, ".choice input[value='Calendar']"));
    await click(q(container, ".choice input[value='Notes']"));
    await next(container);
    // Text, last: Submit.
    expect(title(container)).toBe("Anything else?");
    expect(q(container, "[data-testid=survey-next]")?.textContent).toBe("Submit");
    await type(q<HTMLTextAreaElement>(container, ".survey-text"), "  Keep going  ");
    api.routes["POST /surveys/s-1/answers"] = { id: "answer-1" };
    await next(container);
    await waitFor(() => q(container, "[data-testid=survey-done]"));
    expect(api.calls.at(-1)).toEqual({
      method: "POST",
      path: "/surveys/s-1/answers",
      body: { answers: { nps: 9, stars: 5, plan: "Pro", uses: ["Calendar"], why: "Keep going" } },
    });
    expect(q(container, "[data-testid=survey-done] .survey-title")?.textContent).toBe("Thank you!");
    expect(q(container, "[data-testid=survey-done] .survey-description")?.textContent).toBe(
      "Thanks, that helps a lot.",
    );
  });

  test("closed after the thank-you card, the messenger opens on its home, not on the card", async () => {
    const { container, host } = await openOneQuestionSurvey();
    await host({ name: "widget-status-update", data: { isWidgetOpen: true } });
    await click(q(container, ".choice input[value='A']"));
    await next(container);
    await waitFor(() => q(container, "[data-testid=survey-done]"));
    await host({ name: "widget-status-update", data: { isWidgetOpen: false } });
    await host({ name: "widget-status-update", data: { isWidgetOpen: true } });
    await waitFor(() => q(container, "[data-testid=home]"));
    expect(q(container, "[data-testid=frame-app]")?.dataset.screen).toBe("home");
    expect(q(container, "[data-testid=survey-done]")).toBeNull();
  });

  test("409: you already answered this survey", async () => {
    const single: Survey = {
      ...survey,
      questions: [{ id: "q", type: "single", title: "Pick", options: ["A", "B"] }],
    };
    const { container } = await openSurvey(single, "survey", {
      "POST /surveys/s-1/answers": new ApiError("conflict", 409, "already"),
    });
    expect(q(container, "[data-testid=survey-step]")).toBeNull();
    await click(q(container, ".choice input[value='A']"));
    await next(container);
    await waitFor(() => q(container, "[data-testid=survey-done]"));
    expect(q(container, ".survey-title")?.textContent).toBe("You already answered this survey");
  });

  test("shown again after answering, the survey says it was answered", async () => {
    const { container, host } = await openOneQuestionSurvey();
    await click(q(container, ".choice input[value='A']"));
    await next(container);
    await waitFor(() => q(container, "[data-testid=survey-done]"));
    await host({ name: "start-survey", data: { flow: "s-1", format: "survey" } });
    await waitFor(() => q(container, "[data-testid=survey-done]"));
    expect(q(container, ".survey-title")?.textContent).toBe("You already answered this survey");
  });

  test("a survey this session answered says so at once; a repeatable one does not", async () => {
    const first = await openSurvey({ ...survey, answered: true });
    expect(q(first.container, ".survey-title")?.textContent).toBe("You already answered this survey");
    await first.unmount();
    const again = await openSurvey({ ...survey, answered: true, allowMultipleAnswers: true });
    expect(title(again.container)).toBe("How likely are you to recommend us?");
  });

  test("a failure keeps the answers and retries", async () => {
    const single: Survey = {
      ...survey,
      questions: [{ id: "q", type: "text", title: "Say", required: true }],
    };
    const { container, api } = await openSurvey(single, "survey_full", {
      "POST /surveys/s-1/answers": new ApiError("offline", 0, "down"),
    });
    expect(q(container, "[data-testid=survey]")?.dataset.format).toBe("survey_full");
    await type(q<HTMLTextAreaElement>(container, ".survey-text"), "Hello");
    await next(container);
    await waitFor(() => q(container, "[data-testid=survey-failed]"));
    expect(q<HTMLTextAreaElement>(container, ".survey-text")?.value).toBe("Hello");
    api.routes["POST /surveys/s-1/answers"] = { id: "a" };
    await next(container);
    await waitFor(() => q(container, "[data-testid=survey-done]"));
    expect(api.count("POST /surveys/s-1/answers")).toBe(2);
  });

  test("survey_web: in the page, no close button", async () => {
    const { container } = await openSurvey(survey, "survey_web");
    expect(q(container, "[data-testid=frame-close]")).toBeNull();
  });

  test("reports its height to the host", async () => {
    const observers: Array<() => void> = [];
    const original = globalThis.ResizeObserver;
    globalThis.ResizeObserver = class {
      constructor(callback: () => void) {
        observers.push(callback);
      }
      observe() {}
      disconnect() {}
      unobserve() {}
    } as unknown as typeof ResizeObserver;
    const rect = HTMLElement.prototype.getBoundingClientRect;
    HTMLElement.prototype.getBoundingClientRect = function () {
      return { height: this.classList.contains("bare-content") ? 312.4 : 0 } as DOMRect;
    };
    try {
      const { sent } = await openSurvey();
      expect(sent.filter((message) => message.name === "height-update").at(-1)).toEqual({
        name: "height-update",
        data: 313,
      });
    } finally {
      globalThis.ResizeObserver = original;
      HTMLElement.prototype.getBoundingClientRect = rect;
    }
  });

  test("a survey that is not live", async () => {
    const { container } = await openSurvey(new ApiError("not-found", 404, "Not found"));
    expect(q(container, "[data-testid=survey-done] .survey-title")?.textContent).toBe(
      "This is no longer available.",
    );
  });

  test("Arabic: the survey's own texts in Arabic", async () => {
    const rendered = await renderMessenger({
      overrideLanguage: "ar",
      routes: { "GET /surveys/s-1": survey },
    });
    await rendered.host({ name: "start-survey", data: { flow: "s-1", format: "survey" } });
    await waitFor(() => q(rendered.container, "[data-testid=survey] form"));
    const arabic = new Intl.NumberFormat("ar");
    expect(step(rendered.container)).toBe(`السؤال ${arabic.format(1)} من ${arabic.format(5)}`);
    expect(button(rendered.container, "التالي")).not.toBeNull();
  });
});
