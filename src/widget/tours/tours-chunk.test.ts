import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import type { ProductTourValidation } from "../../shared/outbound-api.ts";
import { createChunkContext, createRecordingHost } from "../common/chunk-context-test-support.ts";
import { mount, run } from "./tours-chunk.ts";

/**
 * The tours chunk as the loader mounts it, drawing into the shadow root of the test document:
 * validation through the host's request, the popovers, the input and click rules, the end.
 */

let context: ReturnType<typeof createChunkContext>;
let unmount: () => void;
let requests: Array<{ method: string; path: string; body: unknown }>;
let answer: ProductTourValidation;
let emitted: Array<[string, unknown]>;
let restoreWarn: () => void;

const tourConfig = {
  steps: [
    { selector: "#title", title: "Welcome", message: "<p>Hi <img src=x onerror=alert(1)>there</p>" },
    { selector: "#field", mode: "INPUT", message: "Type" },
    { selector: "#save", mode: "CLICK", message: "Save" },
  ],
};

const settle = async (times = 3) => {
  for (let i = 0; i < times; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};
const shown = () => context.root.querySelector<HTMLElement>(".gtr-popover");
const progress = () => shown()?.querySelector(".gtr-progress")?.textContent;
const nextButton = () => shown()?.querySelector<HTMLButtonElement>(".gtr-next, .gtr-done") ?? null;

async function until(check: () => boolean, what: string) {
  for (let i = 0; i < 100; i++) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

beforeEach(() => {
  document.body.innerHTML = `<h1 id="title">Acme</h1><input id="field"><button id="save">Save</button><p id="other">x</p>`;
  localStorage.clear();
  requests = [];
  emitted = [];
  answer = { status: "live", passedPageFilter: true, config: tourConfig };
  const host = createRecordingHost({
    request: async <T>(method: "GET" | "POST" | "PUT", path: string, body?: unknown) => {
      requests.push({ method, path, body });
      return answer as T;
    },
  });
  context = createChunkContext({ host, nonce: "n0nce" });
  for (const name of ["productTourCompleted", "productTourQuit"])
    context.events.on(name, (data) => emitted.push([name, data]));
  const warn = console.warn;
  console.warn = () => undefined;
  restoreWarn = () => {
    console.warn = warn;
  };
  unmount = mount(context);
});

afterEach(() => {
  unmount();
  context.element.remove();
  restoreWarn();
  document.body.innerHTML = "";
});

describe("tours chunk", () => {
  test("validates by id with the page's address, then shows the first popover in the shadow root", async () => {
    run("startProductTour", ["t1"]);
    await until(() => shown() !== null, "the popover");
    expect(requests).toEqual([
      {
        method: "POST",
        path: "/outbound/producttourvalidation",
        body: { outboundId: "t1", currentUrl: window.location.href },
      },
      // Drawn, it is acknowledged as shown (what counts as delivered).
      { method: "POST", path: "/outbound/t1/events", body: { event: "shown" } },
    ]);
    expect(shown()?.querySelector(".gtr-title")?.textContent).toBe("Welcome");
    expect(shown()?.getAttribute("role")).toBe("dialog");
    expect(shown()?.getAttribute("aria-label")).toBe("Welcome");
    expect(progress()).toBe("1 of 3");
    // Each text keeps its own direction inside a mirrored (right-to-left) layout.
    for (const part of [".gtr-title", ".gtr-message", ".gtr-progress"])
      expect(shown()?.querySelector(part)?.getAttribute("dir"), part).toBe("auto");
    // The admin's HTML is rebuilt: the image's handler is gone.
    expect(shown()?.querySelector(".gtr-message")?.innerHTML).not.toContain("onerror");
    expect(context.root.querySelector("style")?.nonce).toBe("n0nce");
    expect(document.body.querySelector(".gtr-popover")).toBeNull();
    // An informational step's element is shown, not clickable.
    expect(document.querySelector<HTMLElement>("#title")?.style.getPropertyValue("pointer-events")).toBe(
      "none",
    );
  });

  test("input step: Next only with text; click step: only its element's click; then completed", async () => {
    run("startProductTour", ["t1"]);
    await until(() => progress() === "1 of 3", "step 1");
    nextButton()?.click();
    await until(() => progress() === "2 of 3", "step 2");
    expect(document.querySelector<HTMLElement>("#title")?.style.getPropertyValue("pointer-events")).toBe("");
    expect(nextButton()?.disabled).toBe(true);
    const field = document.querySelector("#field") as HTMLInputElement;
    field.value = "milk";
    field.dispatchEvent(new Event("input"));
    expect(nextButton()?.disabled).toBe(false);
    nextButton()?.click();
    await until(() => progress() === "3 of 3", "step 3");
    expect(nextButton()).toBeNull();
    (document.querySelector("#other") as HTMLElement).click();
    await settle();
    expect(progress()).toBe("3 of 3");
    (document.querySelector("#save") as HTMLElement).click();
    await until(() => emitted.length > 0, "the end");
    expect(emitted).toEqual([["productTourCompleted", { tourId: "t1" }]]);
    expect(context.host.tracked).toEqual([{ name: "tour-t1-completed", data: { tourId: "t1" } }]);
    expect(context.root.querySelector(".gtr-layer")).toBeNull();
  });

  test("the close control quits; the page going saves the steps to come; resume picks them up", async () => {
    run("startProductTour", ["t1"]);
    await until(() => progress() === "1 of 3", "step 1");
    nextButton()?.click();
    await until(() => progress() === "2 of 3", "step 2");
    window.dispatchEvent(new Event("pagehide"));
    const saved = JSON.parse(localStorage.getItem("gleap-tour-data") ?? "{}");
    expect(saved.tourId).toBe("t1");
    expect(saved.stepOffset).toBe(1);
    expect(saved.tourData.steps).toHaveLength(2);

    // The next page view: a fresh mount resumes it.
    unmount();
    unmount = mount(context);
    run("resumeProductTour", []);
    await until(() => progress() === "2 of 3", "the resumed step");
    shown()?.querySelector<HTMLElement>(".gtr-close")?.click();
    await until(() => emitted.length > 0, "the quit");
    expect(emitted).toEqual([["productTourQuit", { tourId: "t1" }]]);
    expect(localStorage.getItem("gleap-tour-data")).toBeNull();
  });

  test("a draft is refused before anything is drawn", async () => {
    answer = { status: "draft", passedPageFilter: true, config: tourConfig };
    run("startProductTour", ["t1"]);
    await until(() => emitted.length > 0, "the quit");
    expect(emitted).toEqual([["productTourQuit", { tourId: "t1" }]]);
    expect(context.root.querySelector(".gtr-layer")).toBeNull();
  });

  test("admin mode takes the tour away without an end event", async () => {
    run("startProductTour", ["t1"]);
    await until(() => shown() !== null, "the popover");
    run("disableProductTours", []);
    expect(context.root.querySelector(".gtr-layer")).toBeNull();
    run("startProductTour", ["t2"]);
    await settle();
    // The validation and the shown acknowledgement of t1; nothing for t2, and no close of t1.
    expect(requests.map((request) => request.path)).toEqual([
      "/outbound/producttourvalidation",
      "/outbound/t1/events",
    ]);
    expect(emitted).toEqual([]);
  });
});
