import { afterEach, beforeEach, describe, expect, jest, test } from "bun:test";
import { act } from "react";
import { defaultFlowConfig } from "../../shared/widget-config-api.ts";
import { createChunkContext, createRecordingHost } from "../common/chunk-context-test-support.ts";
import { mount, run } from "./checklist-chunk.tsx";
import { floatingCloseDelayMs } from "./checklist-floating.ts";
import { rerenderDelayMs } from "./checklist-instance.tsx";
import { checklistAnswer } from "./checklist-test-kit.ts";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Call = { method: string; path: string; body?: unknown };
type Context = ReturnType<typeof createChunkContext>;

let context: Context;
let unmount: (() => void) | null = null;
let calls: Call[];
/** The scripted server's checklist state, as PUTs change it. */
let completed: string[];
let failValidation: boolean;

function start(answerOverrides: Record<string, unknown> = {}) {
  calls = [];
  completed = [];
  failValidation = false;
  const host = createRecordingHost({
    request: async <T,>(method: "GET" | "POST" | "PUT", path: string, body?: unknown) => {
      calls.push({ method, path, body });
      if (method === "POST") {
        if (failValidation) throw { status: 404, statusText: "Not Found", responseText: "" };
        return { id: "cl-1" } as T;
      }
      if (method === "PUT") completed.push((body as { checkedStep: string }).checkedStep);
      return checklistAnswer({ completedSteps: [...completed], ...answerOverrides }) as T;
    },
  });
  context = createChunkContext({ host });
  unmount = mount(context);
}

/** A `<gleap-checklist>` in the page, connected as the loader's element would report it. */
async function element(attributes: Record<string, string>) {
  const checklist = document.createElement("gleap-checklist");
  for (const [name, value] of Object.entries(attributes)) checklist.setAttribute(name, value);
  document.body.append(checklist);
  await act(async () => {
    run("checklistConnected", [checklist]);
    for (let i = 0; i < 10; i++) await Promise.resolve();
  });
  return checklist;
}

const within = (checklist: HTMLElement) => checklist.shadowRoot as ShadowRoot;
const tasks = (checklist: HTMLElement) => [...within(checklist).querySelectorAll<HTMLElement>(".gc-task")];
const openTask = (checklist: HTMLElement) =>
  tasks(checklist).findIndex((task) => task.classList.contains("gc-open"));
const doneTasks = (checklist: HTMLElement) =>
  tasks(checklist)
    .filter((task) => task.dataset.done === "true")
    .map((task) => task.dataset.step);
const text = (checklist: HTMLElement, selector: string) =>
  within(checklist).querySelector(selector)?.textContent?.trim() ?? null;

async function click(target: Element | null | undefined) {
  if (!target) throw new Error("nothing to click");
  await act(async () => {
    (target as HTMLElement).click();
    for (let i = 0; i < 5; i++) await Promise.resolve();
  });
}
const markDone = (checklist: HTMLElement) => click(within(checklist).querySelector(".gc-open .gc-mark"));

beforeEach(() => {
  jest.useFakeTimers();
});

afterEach(() => {
  act(() => unmount?.());
  unmount = null;
  jest.useRealTimers();
  document.body.innerHTML = "";
});

describe("the checklist element", () => {
  test("loads its checklist: info, progress labels and bar, the first incomplete step open", async () => {
    start({ completedSteps: ["a"] });
    const checklist = await element({ checklistId: "demo-checklist" });
    expect(calls.map((call) => `${call.method} ${call.path.split("?")[0]}`)).toEqual([
      "POST /outbound/checklists",
      "GET /outbound/checklists/cl-1",
    ]);
    expect(text(checklist, ".gc-info .gc-title")).toBe("Get started");
    expect(text(checklist, ".gc-info .gc-rich")).toBe("Four steps");
    expect(text(checklist, ".gc-sender")).toBe("Lena");
    expect(text(checklist, ".gc-labels")).toBe("1 of 4 doneAbout 5 min left");
    expect(within(checklist).querySelector<HTMLElement>(".gc-bar-fill")?.style.width).toBe("25%");
    expect(openTask(checklist)).toBe(1);
    // Step c has no title: spec §9's default.
    expect(tasks(checklist)[2]?.querySelector(".gc-task-title")?.textContent).toBe("Step 3");
    // One open at a time: opening another closes the first; the brand colour is the project's.
    await click(tasks(checklist)[3]?.querySelector(".gc-task-header"));
    expect(openTask(checklist)).toBe(3);
    expect(within(checklist).querySelector<HTMLElement>(".gc")?.style.getPropertyValue("--gc-brand")).toBe(
      "#485BFF",
    );
    // Step d may not be ticked by the visitor, but has an action.
    expect(within(checklist).querySelector(".gc-open .gc-mark")).toBeNull();
    await click(within(checklist).querySelector(".gc-open .gc-button"));
    expect(context.host.openedUrls).toEqual([{ url: "https://acme.test", newTab: false }]);
  });

  test("marked done step by step: each PUT, the next step opens, the done look 300 ms later, the final status done", async () => {
    start();
    const checklist = await element({ checklistid: "demo-checklist" });
    await click(within(checklist).querySelector(".gc-open .gc-button"));
    expect(context.host.commands).toEqual([{ name: "openHelpCenterArticle", args: ["art-1"] }]);

    await markDone(checklist);
    expect(openTask(checklist)).toBe(1);
    expect(doneTasks(checklist)).toEqual([]);
    await act(async () => jest.advanceTimersByTime(rerenderDelayMs));
    expect(doneTasks(checklist)).toEqual(["a"]);
    expect(text(checklist, ".gc-labels")).toBe("1 of 4 doneAbout 5 min left");

    await markDone(checklist);
    await markDone(checklist);
    // Step d cannot be ticked here: it is ticked elsewhere (another tab) and arrives live.
    await act(async () => jest.advanceTimersByTime(rerenderDelayMs));
    expect(doneTasks(checklist)).toEqual(["a", "b", "c"]);
    const puts = calls.filter((call) => call.method === "PUT");
    expect(puts.map((call) => [call.path.split("?")[0], call.body])).toEqual([
      ["/outbound/checklists/cl-1/increment/a", { checkedStep: "a" }],
      ["/outbound/checklists/cl-1/increment/b", { checkedStep: "b" }],
      ["/outbound/checklists/cl-1/increment/c", { checkedStep: "c" }],
    ]);
    await act(async () =>
      context.events.emit("checklist-update", {
        id: "cl-1",
        completedSteps: ["a", "b", "c", "d"],
        status: "done",
      }),
    );
    expect(text(checklist, ".gc-success .gc-title")).toBe("All set");
    expect(text(checklist, ".gc-success .gc-rich")).toBe("Enjoy");
  });

  test("the last step ticked here sends status done and shows the success view after 300 ms", async () => {
    start({ outbound: { subject: "Two", config: { steps: [{ id: "x" }, { id: "y" }] } } });
    const checklist = await element({ checklistid: "demo-checklist" });
    await markDone(checklist);
    await markDone(checklist);
    expect(calls.filter((call) => call.method === "PUT").map((call) => call.body)).toEqual([
      { checkedStep: "x" },
      { checkedStep: "y", status: "done" },
    ]);
    expect(within(checklist).querySelector(".gc-success")).toBeNull();
    await act(async () => jest.advanceTimersByTime(rerenderDelayMs));
    expect(text(checklist, ".gc-success .gc-title")).toBe("You're all set!");
  });

  test("live updates merge into every element of that checklist; a second element shares the requests", async () => {
    start();
    const first = await element({ checklistid: "demo-checklist" });
    const second = await element({ checklistid: "demo-checklist", info: "false", progressbar: "false" });
    expect(calls).toHaveLength(2);
    expect(within(second).querySelector(".gc-info")).toBeNull();
    expect(within(second).querySelector(".gc-bar")).toBeNull();

    await act(async () =>
      context.events.emit("checklist-update", { id: "other", completedSteps: ["a", "b"] }),
    );
    expect(openTask(first)).toBe(0);
    await act(async () => context.events.emit("checklist-update", { id: "cl-1", completedSteps: ["a"] }));
    expect(doneTasks(first)).toEqual(["a"]);
    expect(openTask(first)).toBe(1);
    // A step marked in one element shows in the other at once.
    await markDone(second);
    expect(doneTasks(first)).toEqual(["a", "b"]);
    expect(openTask(first)).toBe(2);
  });

  test("a failed validation shows nothing and is kept for that key; a new session tries again", async () => {
    start();
    failValidation = true;
    const checklist = await element({ checklistid: "demo-checklist" });
    expect(within(checklist).querySelector(".gc")).toBeNull();
    await element({ checklistid: "demo-checklist" });
    expect(calls).toHaveLength(1);
    failValidation = false;
    await act(async () => {
      context.events.emit("checklist-update", null);
      for (let i = 0; i < 10; i++) await Promise.resolve();
    });
    expect(within(checklist).querySelector(".gc-task")).not.toBeNull();
  });

  test("floating mode: a launcher with the progress opens the steps; done, it is not clickable", async () => {
    start({ completedSteps: ["a"] });
    const checklist = await element({ checklistid: "demo-checklist", floating: "true", dark: "" });
    const launcher = within(checklist).querySelector<HTMLElement>("button.gc-launcher");
    expect(within(checklist).querySelector(".gc")?.classList.contains("gc-dark")).toBe(true);
    expect(launcher?.textContent).toContain("1 of 4 done");
    expect(within(checklist).querySelector(".gc-panel")).toBeNull();
    // Hover opens the steps; leaving closes them after a moment (time to cross the gap to them).
    const wrap = within(checklist).querySelector(".gc-floating-wrap");
    await act(async () => wrap?.dispatchEvent(new MouseEvent("mouseover", { bubbles: true })));
    expect(tasks(checklist)).toHaveLength(4);
    // One step open at a time, in the panel too.
    expect(within(checklist).querySelectorAll(".gc-task.gc-open")).toHaveLength(1);
    await act(async () => wrap?.dispatchEvent(new MouseEvent("mouseout", { bubbles: true })));
    await act(async () => jest.advanceTimersByTime(floatingCloseDelayMs - 1));
    expect(tasks(checklist)).toHaveLength(4);
    await act(async () => jest.advanceTimersByTime(1));
    expect(within(checklist).querySelector(".gc-panel")).toBeNull();
    await click(launcher);
    expect(launcher?.getAttribute("aria-expanded")).toBe("true");
    expect(tasks(checklist)).toHaveLength(4);
    await act(async () =>
      context.events.emit("checklist-update", {
        id: "cl-1",
        completedSteps: ["b", "c", "d"],
        status: "done",
      }),
    );
    expect(within(checklist).querySelector("button.gc-launcher")).toBeNull();
    expect(within(checklist).querySelector("div.gc-launcher")?.textContent).toContain("All set");
  });

  test("the checklist's own colour, the project's texts, German; removed from the page it draws nothing", async () => {
    start({ outbound: { config: { color: "#FDB903", steps: [{ id: "a", duration: 2 }] } } });
    context.host.state.language = "de-de";
    context.host.state.flowConfig = { ...defaultFlowConfig, staticTranslations: { markAsDone: "Erledigt!" } };
    const checklist = await element({ checklistid: "demo-checklist" });
    const card = within(checklist).querySelector<HTMLElement>(".gc");
    expect(card?.style.getPropertyValue("--gc-brand")).toBe("#FDB903");
    // A light brand colour gets dark text (spec §9).
    expect(card?.style.getPropertyValue("--gc-on-brand")).toBe("#111827");
    expect(text(checklist, ".gc-labels")).toBe("0 von 1 erledigtNoch etwa 2 Min.");
    expect(text(checklist, ".gc-open .gc-mark")).toBe("Erledigt!");
    expect(text(checklist, ".gc-info .gc-title")).toBe("Checkliste");
    checklist.remove();
    await act(async () => run("checklistDisconnected", [checklist]));
    expect(within(checklist).childElementCount).toBe(0);
  });

  test("an element without a checklist id loads nothing", async () => {
    start();
    const checklist = await element({});
    expect(calls).toEqual([]);
    expect(within(checklist).querySelector(".gc")).toBeNull();
  });
});
