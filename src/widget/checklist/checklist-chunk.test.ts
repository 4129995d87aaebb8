import { afterEach, beforeEach, describe, expect, jest, test } from "bun:test";
import { defaultFlowConfig } from "../../shared/widget-config-api.ts";
import { createChunkContext, createRecordingHost } from "../common/chunk-context-test-support.ts";
import { mount, run } from "./checklist-chunk.ts";
import { floatingCloseDelayMs } from "./checklist-floating.ts";
import { rerenderDelayMs } from "./checklist-instance.ts";
import { checklistAnswer } from "./checklist-test-kit.ts";

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
    request: async <T>(method: "GET" | "POST" | "PUT", path: string, body?: unknown) => {
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

/** The scripted server answers on later turns of the event loop's microtasks. */
async function settle() {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

/** A `<gleap-checklist>` in the page, connected as the loader's element would report it. */
async function element(attributes: Record<string, string>) {
  const checklist = document.createElement("gleap-checklist");
  for (const [name, value] of Object.entries(attributes)) checklist.setAttribute(name, value);
  document.body.append(checklist);
  run("checklistConnected", [checklist]);
  await settle();
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
  (target as HTMLElement).click();
  await settle();
}
const markDone = (checklist: HTMLElement) => click(within(checklist).querySelector(".gc-open .gc-mark"));

beforeEach(() => {
  jest.useFakeTimers();
});

afterEach(() => {
  unmount?.();
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
    expect(within(checklist).querySelector(".gc-sender img")?.getAttribute("src")).toBe(
      "https://cdn.test/lena.png",
    );
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
    // A click on the open step's header closes it: none open.
    await click(tasks(checklist)[3]?.querySelector(".gc-task-header"));
    expect(openTask(checklist)).toBe(-1);
  });

  test("roles and labels: progress bar values, each header controls its body, closed bodies are inert, done steps say so", async () => {
    start({ completedSteps: ["a"] });
    const checklist = await element({ checklistid: "demo-checklist" });
    const bar = within(checklist).querySelector(".gc-bar");
    expect(bar?.getAttribute("role")).toBe("progressbar");
    expect(
      ["aria-valuemin", "aria-valuemax", "aria-valuenow", "aria-valuetext"].map((name) =>
        bar?.getAttribute(name),
      ),
    ).toEqual(["0", "100", "25", "1 of 4 done"]);
    expect(within(checklist).querySelector('[data-testid="checklist-progress"]')?.textContent).toBe(
      "1 of 4 done",
    );
    const headers = tasks(checklist).map((task) => task.querySelector("button.gc-task-header"));
    expect(headers.map((header) => header?.getAttribute("aria-expanded"))).toEqual([
      "false",
      "true",
      "false",
      "false",
    ]);
    for (const [index, header] of headers.entries()) {
      const body = within(checklist).getElementById(header?.getAttribute("aria-controls") ?? "");
      expect(body?.classList.contains("gc-task-body")).toBe(true);
      expect(body?.hasAttribute("inert")).toBe(index !== 1);
      expect(header?.getAttribute("type")).toBe("button");
    }
    // Badges and icons are decoration; a done step's title carries "(done)" for screen readers.
    expect(within(checklist).querySelectorAll('.gc-badge:not([aria-hidden="true"])')).toHaveLength(0);
    expect(within(checklist).querySelectorAll('svg:not([aria-hidden="true"])')).toHaveLength(0);
    expect(tasks(checklist)[0]?.querySelector(".gc-task-title")?.textContent).toBe("Create a note (done)");
    expect(tasks(checklist)[0]?.querySelector(".gc-badge svg")).not.toBeNull();
    expect(tasks(checklist)[1]?.querySelector(".gc-badge")?.textContent).toBe("2");
  });

  test("a redraw keeps the elements: the focused header stays focused, the bar's fill is the same element", async () => {
    start();
    const checklist = await element({ checklistid: "demo-checklist" });
    const header = tasks(checklist)[2]?.querySelector<HTMLButtonElement>(".gc-task-header");
    const fill = within(checklist).querySelector(".gc-bar-fill");
    header?.focus();
    await click(header);
    expect(openTask(checklist)).toBe(2);
    expect(tasks(checklist)[2]?.querySelector(".gc-task-header")).toBe(header as HTMLButtonElement);
    expect(within(checklist).activeElement).toBe(header as HTMLButtonElement);
    context.events.emit("checklist-update", { id: "cl-1", completedSteps: ["a"] });
    expect(within(checklist).querySelector(".gc-bar-fill")).toBe(fill as Element);
    expect((fill as HTMLElement).style.width).toBe("25%");
  });

  test("marked done step by step: each PUT, the next step opens, the done look 300 ms later, the final status done", async () => {
    start();
    const checklist = await element({ checklistid: "demo-checklist" });
    await click(within(checklist).querySelector(".gc-open .gc-button"));
    expect(context.host.commands).toEqual([{ name: "openHelpCenterArticle", args: ["art-1"] }]);

    await markDone(checklist);
    expect(openTask(checklist)).toBe(1);
    expect(doneTasks(checklist)).toEqual([]);
    jest.advanceTimersByTime(rerenderDelayMs);
    expect(doneTasks(checklist)).toEqual(["a"]);
    expect(text(checklist, ".gc-labels")).toBe("1 of 4 doneAbout 5 min left");
    // A done step no longer offers "Mark as done", but keeps its action.
    expect(tasks(checklist)[0]?.querySelector(".gc-mark")).toBeNull();
    expect(tasks(checklist)[0]?.querySelector(".gc-button")?.textContent).toBe("Action");

    await markDone(checklist);
    await markDone(checklist);
    // Step d cannot be ticked here: it is ticked elsewhere (another tab) and arrives live.
    jest.advanceTimersByTime(rerenderDelayMs);
    expect(doneTasks(checklist)).toEqual(["a", "b", "c"]);
    const puts = calls.filter((call) => call.method === "PUT");
    expect(puts.map((call) => [call.path.split("?")[0], call.body])).toEqual([
      ["/outbound/checklists/cl-1/increment/a", { checkedStep: "a" }],
      ["/outbound/checklists/cl-1/increment/b", { checkedStep: "b" }],
      ["/outbound/checklists/cl-1/increment/c", { checkedStep: "c" }],
    ]);
    context.events.emit("checklist-update", {
      id: "cl-1",
      completedSteps: ["a", "b", "c", "d"],
      status: "done",
    });
    expect(text(checklist, ".gc-success .gc-title")).toBe("All set");
    expect(text(checklist, ".gc-success .gc-rich")).toBe("Enjoy");
    expect(within(checklist).querySelector(".gc-tasks")).toBeNull();
    expect(within(checklist).querySelector(".gc-info")).toBeNull();
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
    jest.advanceTimersByTime(rerenderDelayMs);
    expect(text(checklist, ".gc-success .gc-title")).toBe("You're all set!");
    expect(text(checklist, ".gc-success .gc-rich")).toBe("Every step is done.");
    expect(within(checklist).querySelector('[data-testid="checklist-success"]')).not.toBeNull();
  });

  test("live updates merge into every element of that checklist; a second element shares the requests", async () => {
    start();
    const first = await element({ checklistid: "demo-checklist" });
    const second = await element({ checklistid: "demo-checklist", info: "false", progressbar: "false" });
    expect(calls).toHaveLength(2);
    expect(within(second).querySelector(".gc-info")).toBeNull();
    expect(within(second).querySelector(".gc-bar")).toBeNull();

    context.events.emit("checklist-update", { id: "other", completedSteps: ["a", "b"] });
    expect(openTask(first)).toBe(0);
    context.events.emit("checklist-update", { id: "cl-1", completedSteps: ["a"] });
    expect(doneTasks(first)).toEqual(["a"]);
    expect(openTask(first)).toBe(1);
    // A step marked in one element shows in the other at once.
    await markDone(second);
    expect(doneTasks(first)).toEqual(["a", "b"]);
    expect(openTask(first)).toBe(2);
    // Two elements, two sets of ids: each header controls its own element's body.
    const controls = (checklist: HTMLElement) =>
      tasks(checklist)[0]?.querySelector(".gc-task-header")?.getAttribute("aria-controls");
    expect(controls(first)).not.toBe(controls(second) ?? "");
  });

  test("a changed attribute redraws: info and progress bar come and go without a new request", async () => {
    start();
    const checklist = await element({ checklistid: "demo-checklist" });
    checklist.setAttribute("info", "false");
    checklist.setAttribute("progressbar", "false");
    run("checklistConnected", [checklist]);
    await settle();
    expect(within(checklist).querySelector(".gc-info")).toBeNull();
    expect(within(checklist).querySelector(".gc-progress")).toBeNull();
    checklist.removeAttribute("info");
    run("checklistConnected", [checklist]);
    expect(text(checklist, ".gc-info .gc-title")).toBe("Get started");
    expect(calls).toHaveLength(2);
  });

  test("a failed validation shows nothing and is kept for that key; a new session tries again", async () => {
    start();
    failValidation = true;
    const checklist = await element({ checklistid: "demo-checklist" });
    expect(within(checklist).querySelector(".gc")).toBeNull();
    await element({ checklistid: "demo-checklist" });
    expect(calls).toHaveLength(1);
    failValidation = false;
    context.events.emit("checklist-update", null);
    await settle();
    expect(within(checklist).querySelector(".gc-task")).not.toBeNull();
  });

  test("floating mode: a launcher with the progress opens the steps; done, it is not clickable", async () => {
    start({ completedSteps: ["a"] });
    const checklist = await element({ checklistid: "demo-checklist", floating: "true", dark: "" });
    const launcher = within(checklist).querySelector<HTMLElement>("button.gc-launcher");
    expect(within(checklist).querySelector(".gc")?.classList.contains("gc-dark")).toBe(true);
    expect(within(checklist).querySelector(".gc")?.classList.contains("gc-floating")).toBe(true);
    expect(launcher?.textContent).toContain("Get started");
    expect(launcher?.textContent).toContain("1 of 4 done · About 5 min left");
    expect(launcher?.getAttribute("aria-expanded")).toBe("false");
    expect(within(checklist).querySelector(".gc-panel")).toBeNull();
    // The ring shows a quarter of its length.
    const ring = within(checklist).querySelectorAll(".gc-ring circle");
    expect(ring).toHaveLength(2);
    const [drawn, length] = (ring[1]?.getAttribute("stroke-dasharray") ?? "").split(" ").map(Number);
    expect((drawn ?? 0) / (length ?? 1)).toBeCloseTo(0.25);
    // Hover opens the steps; leaving closes them after a moment (time to cross the gap to them).
    const wrap = within(checklist).querySelector(".gc-floating-wrap");
    wrap?.dispatchEvent(new MouseEvent("mouseenter"));
    expect(tasks(checklist)).toHaveLength(4);
    expect(launcher?.getAttribute("aria-controls")).toBe(within(checklist).querySelector(".gc-panel")?.id);
    // One step open at a time, in the panel too.
    expect(within(checklist).querySelectorAll(".gc-task.gc-open")).toHaveLength(1);
    wrap?.dispatchEvent(new MouseEvent("mouseleave"));
    jest.advanceTimersByTime(floatingCloseDelayMs - 1);
    expect(tasks(checklist)).toHaveLength(4);
    jest.advanceTimersByTime(1);
    expect(within(checklist).querySelector(".gc-panel")).toBeNull();
    await click(launcher);
    expect(launcher?.getAttribute("aria-expanded")).toBe("true");
    expect(tasks(checklist)).toHaveLength(4);
    // The steps in the panel work as inline ones.
    await click(tasks(checklist)[2]?.querySelector(".gc-task-header"));
    expect(openTask(checklist)).toBe(2);
    await click(launcher);
    expect(within(checklist).querySelector(".gc-panel")).toBeNull();
    context.events.emit("checklist-update", {
      id: "cl-1",
      completedSteps: ["b", "c", "d"],
      status: "done",
    });
    expect(within(checklist).querySelector("button.gc-launcher")).toBeNull();
    expect(within(checklist).querySelector("div.gc-launcher")?.textContent).toContain("All set");
  });

  test("floating without the progress bar attribute: the launcher shows the title alone", async () => {
    start();
    const checklist = await element({
      checklistid: "demo-checklist",
      floating: "true",
      progressbar: "false",
    });
    expect(within(checklist).querySelector(".gc-launcher-count")).toBeNull();
    expect(text(checklist, "button.gc-launcher")).toBe("Get started");
    // Nothing done yet: the ring is the track alone.
    expect(within(checklist).querySelectorAll(".gc-ring circle")).toHaveLength(1);
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
    expect(card?.hasAttribute("dir")).toBe(false);
    expect(text(checklist, ".gc-labels")).toBe("0 von 1 erledigtNoch etwa 2 Min.");
    expect(text(checklist, ".gc-open .gc-mark")).toBe("Erledigt!");
    expect(text(checklist, ".gc-info .gc-title")).toBe("Checkliste");
    expect(text(checklist, ".gc-task-title")).toBe("Schritt 1");
    checklist.remove();
    run("checklistDisconnected", [checklist]);
    expect(within(checklist).childElementCount).toBe(0);
  });

  test("Arabic: right to left, Arabic texts; a language change redraws in place", async () => {
    start();
    context.host.state.language = "ar";
    const checklist = await element({ checklistid: "demo-checklist" });
    const card = within(checklist).querySelector<HTMLElement>(".gc");
    expect(card?.getAttribute("dir")).toBe("rtl");
    expect(text(checklist, '[data-testid="checklist-progress"]')).toBe("0 من 4 مكتملة");
    expect(text(checklist, ".gc-open .gc-mark")).toBe("وضع علامة كمكتمل");
    context.host.state.language = "en-us";
    context.events.emit("language-changed", "en-us");
    expect(within(checklist).querySelector(".gc")).toBe(card as HTMLElement);
    expect(card?.hasAttribute("dir")).toBe(false);
    expect(text(checklist, ".gc-open .gc-mark")).toBe("Mark as done");
  });

  test("rich text is rebuilt from the allow-list: no script, handler or javascript: link reaches the page", async () => {
    start({
      outbound: {
        subject: "<b>Not bold</b>",
        message:
          '<p onclick="alert(1)">Hi <a href="javascript:alert(1)">there</a><script>alert(2)</script></p>',
        sender: { firstName: "Lena", profileImageUrl: "javascript:alert(3)" },
        config: {
          steps: [{ id: "a", title: "<i>x</i>", description: '<img src="x" onerror="alert(4)">Read' }],
        },
      },
    });
    const checklist = await element({ checklistid: "demo-checklist" });
    const root = within(checklist);
    // Titles are text, never markup.
    expect(text(checklist, ".gc-info .gc-title")).toBe("<b>Not bold</b>");
    expect(text(checklist, ".gc-task-title")).toBe("<i>x</i>");
    expect(root.querySelector("script, [onclick], [onerror], a[href^='javascript']")).toBeNull();
    expect(text(checklist, ".gc-info .gc-rich")).toBe("Hi there");
    expect(text(checklist, ".gc-task-content .gc-rich")).toBe("Read");
    // An avatar that is no web address or inline picture is left out; the name stays.
    expect(root.querySelector(".gc-sender img")).toBeNull();
    expect(text(checklist, ".gc-sender")).toBe("Lena");
  });

  test("a checklist without steps says so and shows no progress", async () => {
    start({ outbound: { subject: "Empty", config: { steps: [] } } });
    const checklist = await element({ checklistid: "demo-checklist" });
    expect(text(checklist, ".gc-empty")).toBe("No steps defined.");
    expect(within(checklist).querySelector(".gc-progress")).toBeNull();
  });

  test("an element without a checklist id loads nothing", async () => {
    start();
    const checklist = await element({});
    expect(calls).toEqual([]);
    expect(within(checklist).querySelector(".gc")).toBeNull();
  });
});
