import { afterEach, describe, expect, jest, test } from "bun:test";
import { act } from "react";
import type { ChecklistSummary } from "../../shared/messenger-home-api.ts";
import { ApiError } from "../shell/api-client.ts";
import { button, click, q, qa, waitFor } from "../test-support/dom-kit.ts";
import {
  cleanup,
  emptyStateTitle,
  type Rendered,
  renderMessenger,
  screenOf,
} from "../test-support/messenger-test-kit.tsx";
import { type Checklist, progressOf, stepsOf, stepTarget } from "./checklist-model.ts";
import { nextStepDelayMs } from "./checklist-screen.tsx";

afterEach(cleanup);

const checklist = (completedSteps: string[] = [], status: "open" | "done" = "open"): Checklist => ({
  id: "cl-1",
  status,
  completedSteps,
  outbound: {
    id: "o-1",
    subject: "Get started",
    message: "<p>Four small steps.</p>",
    sender: { firstName: "Lena", profileImageUrl: "" },
    config: {
      steps: [
        {
          id: "note",
          title: "Create a note",
          description: "<p>Press <code>N</code>.</p>",
          action: "HELP_ARTICLE",
          articleId: "a-1",
          actionTitle: "Show me how",
          allowMarkDone: true,
          duration: 1,
        },
        { id: "tag", title: "Add a tag", description: "Type #.", allowMarkDone: true, duration: 2 },
        {
          id: "site",
          title: "Visit the site",
          action: "REDIRECT_URL",
          actionBody: "https://example.com/start",
          actionOpenInNewTab: false,
          allowMarkDone: true,
          duration: 3,
        },
        { id: "upgrade", title: "", action: "CUSTOM_ACTION", actionBody: "upgrade", allowMarkDone: false },
      ],
      successTitle: "All set!",
      successMessage: "<p>Enjoy.</p>",
    },
  },
});

const path = "/outbound/checklists/cl-1?convertTipTap=true";
const steps = (rendered: Rendered) => qa(rendered.container, "[data-testid=checklist-step]");
const openStep = (rendered: Rendered) =>
  steps(rendered).find((step) => step.classList.contains("is-open"))?.dataset.step ?? null;

async function openChecklist(routes: Record<string, unknown> = {}) {
  const rendered = await renderMessenger({ routes: { [`GET ${path}`]: checklist(["note"]), ...routes } });
  await rendered.host({ name: "open-checklist", data: { id: "cl-1" } });
  await waitFor(() => steps(rendered).length === 4);
  return rendered;
}

describe("checklists list", () => {
  const summaries: ChecklistSummary[] = [
    { outboundId: "o-1", title: "Get started", checklistId: "cl-1", done: 2, total: 4, status: "open" },
    { outboundId: "o-2", title: "Invite your team", checklistId: null, done: 0, total: 3, status: "open" },
    { outboundId: "o-3", title: "Billing set up", checklistId: "cl-3", done: 2, total: 2, status: "done" },
  ];

  test("each with its progress; a started one opens by id, another by its outbound", async () => {
    const rendered = await renderMessenger({
      routes: { "GET /checklists": summaries, "POST /outbound/checklists": new Promise(() => {}) },
    });
    await rendered.host({ name: "open-checklists", data: {} });
    await waitFor(() => qa(rendered.container, "[data-testid=checklist-row]").length === 3);
    const rows = qa(rendered.container, "[data-testid=checklist-row]");
    expect(rows.map((item) => q(item, ".row-hint")?.textContent)).toEqual([
      "2 of 4 done",
      "Not started · 0 of 3 done",
      "Completed",
    ]);
    expect(q<HTMLElement>(rows[0] as HTMLElement, ".progress-bar")?.style.width).toBe("50%");
    await click(rows[1] as HTMLElement);
    expect(screenOf(rendered.container)).toBe("checklist/o-2");
  });

  test("empty: says so", async () => {
    const rendered = await renderMessenger({ routes: { "GET /checklists": [] } });
    await rendered.host({ name: "open-checklists", data: {} });
    expect(await emptyStateTitle(rendered.container)).toBe("No checklists right now");
  });
});

describe("a checklist", () => {
  test("start-checklist starts it for the session (with the shared key), then loads it", async () => {
    const rendered = await renderMessenger({
      routes: { "POST /outbound/checklists": { id: "cl-1" }, [`GET ${path}`]: checklist() },
    });
    await rendered.host({ name: "start-checklist", data: { outboundId: "o-1", sharedKey: "team" } });
    await waitFor(() => steps(rendered).length === 4);
    expect(rendered.api.calls.find((call) => call.path === "/outbound/checklists")?.body).toEqual({
      outboundId: "o-1",
      sharedKey: "team",
    });
    expect(openStep(rendered)).toBe("note");
  });

  test("info, progress and minutes left; the first step not done is open; steps are an accordion", async () => {
    const rendered = await openChecklist();
    const { container } = rendered;
    expect(q(container, ".checklist-title")?.textContent).toBe("Get started");
    expect(q(container, ".checklist-sender")?.textContent).toBe("LFrom Lena");
    expect(q(container, "[data-testid=checklist-progress]")?.textContent).toBe("1 of 4 done");
    expect(q(container, ".checklist-progress .time")?.textContent).toBe("About 5 min left");
    expect(q(container, ".checklist-bar")?.getAttribute("aria-valuenow")).toBe("25");
    expect(steps(rendered).map((step) => step.dataset.done)).toEqual(["true", "false", "false", "false"]);
    expect(openStep(rendered)).toBe("tag");
    const toggle = q(steps(rendered)[1] as HTMLElement, ".checklist-step-toggle");
    expect(toggle?.getAttribute("aria-expanded")).toBe("true");
    // An untitled step gets its number.
    expect(q(steps(rendered)[3] as HTMLElement, ".step-title")?.textContent).toBe("Step 4");
    await click(q(steps(rendered)[0] as HTMLElement, ".checklist-step-toggle"));
    expect(openStep(rendered)).toBe("note");
    await click(q(steps(rendered)[0] as HTMLElement, ".checklist-step-toggle"));
    expect(openStep(rendered)).toBeNull();
  });

  test("Mark as done: the step is saved, progress moves, and the next open step opens after 300 ms", async () => {
    const rendered = await openChecklist({
      "PUT /outbound/checklists/cl-1/increment/tag?convertTipTap=true": checklist(["note", "tag"]),
      "GET /checklists": [],
      "GET /messenger/home": { flows: [], news: [], conversation: null, unreadMessages: 0, checklists: [] },
    });
    // The next step opens on a timer, started when the answer arrives: on a fake clock, which the test
    // moves on by the delay instead of waiting it out.
    jest.useFakeTimers();
    await click(q(rendered.container, "[data-step=tag] [data-testid=step-mark-done]"));
    const done = () => q(rendered.container, "[data-step=tag]")?.dataset.done === "true";
    // The answer is a promise, so turns of the event loop (not timers) bring it.
    for (let turn = 0; turn < 100 && !done(); turn++)
      await act(() => new Promise((resolve) => setImmediate(resolve)));
    expect(done()).toBe(true);
    expect(q(rendered.container, "[data-testid=checklist-progress]")?.textContent).toBe("2 of 4 done");
    expect(q(rendered.container, ".checklist-progress .time")?.textContent).toBe("About 3 min left");
    await act(async () => jest.advanceTimersByTime(nextStepDelayMs));
    expect(openStep(rendered)).toBe("site");
  });

  test("a refused Mark as done says so at the step", async () => {
    const rendered = await openChecklist({
      "PUT /outbound/checklists/cl-1/increment/tag?convertTipTap=true": new ApiError("server", 500, "boom"),
    });
    await click(q(rendered.container, "[data-step=tag] [data-testid=step-mark-done]"));
    await waitFor(() => q(rendered.container, "[data-testid=step-failed]"));
    expect(q(rendered.container, "[data-step=tag]")?.dataset.done).toBe("false");
  });

  test("step actions: an article opens in the messenger, a URL and a custom action go to the host", async () => {
    const rendered = await openChecklist();
    const { container, sent } = rendered;
    await click(q(steps(rendered)[2] as HTMLElement, ".checklist-step-toggle"));
    await click(q(container, "[data-step=site] [data-testid=step-action]"));
    expect(sent.filter((message) => message.name === "open-url")).toEqual([
      { name: "open-url", data: "https://example.com/start", newTab: false },
    ]);
    await click(q(steps(rendered)[3] as HTMLElement, ".checklist-step-toggle"));
    // This step may not be ticked by the visitor.
    expect(q(container, "[data-step=upgrade] [data-testid=step-mark-done]")).toBeNull();
    await click(q(container, "[data-step=upgrade] [data-testid=step-action]"));
    expect(sent.filter((message) => message.name === "run-custom-action")).toEqual([
      { name: "run-custom-action", data: "upgrade" },
    ]);
    await click(q(steps(rendered)[0] as HTMLElement, ".checklist-step-toggle"));
    await click(button(container, "Show me how"));
    expect(screenOf(container)).toBe("help-article/a-1");
  });

  test("a checklist push from another tab merges its progress; all done shows the success view", async () => {
    const rendered = await openChecklist({ "GET /checklists": [] });
    await act(async () =>
      (rendered.runtime.realtime as unknown as { deliver(n: string, d: unknown): void }).deliver(
        "checklist",
        {
          ...checklist(["tag", "site", "upgrade"], "done"),
        },
      ),
    );
    expect(steps(rendered).map((step) => step.dataset.done)).toEqual(["true", "true", "true", "true"]);
    expect(
      q(rendered.container, "[data-testid=checklist-success] .checklist-success-title")?.textContent,
    ).toBe("All set!");
    expect(q(rendered.container, "[data-testid=checklist-progress]")?.textContent).toBe("4 of 4 done");
    expect(openStep(rendered)).toBeNull();
    // Another checklist's push changes nothing.
    await act(async () =>
      (rendered.runtime.realtime as unknown as { deliver(n: string, d: unknown): void }).deliver(
        "checklist",
        {
          ...checklist([]),
          id: "cl-other",
        },
      ),
    );
    expect(steps(rendered).every((step) => step.dataset.done === "true")).toBe(true);
  });

  test("an outbound that is not live is a not-found state", async () => {
    const rendered = await renderMessenger({
      routes: { "POST /outbound/checklists": new ApiError("not-found", 404, "No live checklist") },
    });
    await rendered.host({ name: "start-checklist", data: { outboundId: "gone" } });
    await waitFor(() => q(rendered.container, "[data-testid=error-state]"));
  });

  test("the model: steps, progress and where each action leads", () => {
    const data = checklist(["note"]);
    expect(stepsOf(data).map((step) => step.id)).toEqual(["note", "tag", "site", "upgrade"]);
    expect(progressOf(data)).toEqual({ done: 1, total: 4, percent: 25, minutesLeft: 5, complete: false });
    expect(progressOf(checklist([], "done")).complete).toBe(true);
    const base = stepsOf(data)[1];
    if (!base) throw new Error("no step");
    expect(stepTarget({ ...base, action: "FEEDBACK_FLOW", formId: "bugreporting" })).toEqual({
      kind: "screen",
      screen: { name: "flow", flowKey: "bugreporting" },
    });
    expect(stepTarget({ ...base, action: "NEWS_ARTICLE", articleId: "n-1" })).toEqual({
      kind: "screen",
      screen: { name: "news-article", newsId: "n-1" },
    });
    expect(stepTarget({ ...base, action: "BOT", botId: "b-1" })).toEqual({
      kind: "screen",
      screen: { name: "bot", botId: "b-1" },
    });
    expect(stepTarget({ ...base, action: "REDIRECT_URL", actionBody: "javascript:alert(1)" })).toBeNull();
    expect(stepTarget({ ...base, action: null })).toBeNull();
  });
});
