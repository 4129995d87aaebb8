import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { defaultFlowConfig } from "../../shared/widget-config-api.ts";
import { readTourData } from "../common/tour-data.ts";
import { runStandardTour } from "./standard-tour.ts";
import type { TourRun } from "./tour-controller.ts";

/**
 * The popover runner on its own, with an element wait whose clock the test controls: what happens
 * when a step's element is late or never comes, Back, Escape, the wide and video popovers, stop.
 */

let host: HTMLElement;
let root: ShadowRoot;
let indexes: number[];
let ends: boolean[];
let warnings: string[];
/** Runs between the element wait's looks (instead of 100 ms passing). */
let betweenLooks: (look: number) => void;
let looks: number;
let handles: Array<{ stop(): void }>;

beforeEach(() => {
  document.body.innerHTML = `<h1 id="title">Acme</h1><input id="field"><button id="save">Save</button>`;
  host = document.createElement("div");
  document.body.append(host);
  root = host.attachShadow({ mode: "open" });
  indexes = [];
  ends = [];
  warnings = [];
  looks = 0;
  betweenLooks = () => undefined;
  handles = [];
});

afterEach(() => {
  for (const handle of handles) handle.stop();
  document.body.innerHTML = "";
});

function start(config: Record<string, unknown>) {
  const data = readTourData(config);
  if (!data) throw new Error("not a tour");
  const run: TourRun = {
    tourId: "t1",
    data,
    offset: 0,
    onIndex: (index) => indexes.push(index),
    onEnd: (completed) => ends.push(completed),
  };
  const handle = runStandardTour(run, {
    root,
    language: "en",
    flowConfig: defaultFlowConfig,
    warn: (message) => warnings.push(message),
    sleep: async () => {
      looks++;
      betweenLooks(looks);
    },
  });
  handles.push(handle);
  return handle;
}

const settle = async () => {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};
const shown = () => root.querySelector<HTMLElement>(".gtr-popover");

describe("a step's element", () => {
  test("a CLICK step whose element never comes quits after 5 s of looking", async () => {
    start({ steps: [{ selector: "#missing", mode: "CLICK" }] });
    await settle();
    expect(looks).toBe(50);
    expect(warnings).toEqual(["Element not found for selector #missing"]);
    expect(ends).toEqual([false]);
    expect(root.querySelector(".gtr-layer")).toBeNull();
  });

  test("an informational step without its element shows in the middle instead", async () => {
    start({ steps: [{ selector: "#missing", message: "About us" }, { selector: "#title" }] });
    await settle();
    expect(ends).toEqual([]);
    expect(shown()?.classList.contains("gtr-centered")).toBe(true);
    expect(shown()?.textContent).toContain("About us");
  });

  test("an element that comes late is waited for", async () => {
    document.querySelector("#save")?.remove();
    betweenLooks = (look) => {
      if (look === 7) document.body.insertAdjacentHTML("beforeend", '<button id="save">Save</button>');
    };
    start({ steps: [{ selector: "#save", mode: "CLICK", message: "Click" }] });
    await settle();
    expect(looks).toBe(7);
    expect(shown()?.textContent).toContain("Click");
  });
});

describe("moving through the tour", () => {
  test("Back returns to the step before; Escape quits", async () => {
    start({
      steps: [
        { selector: "#title", message: "One" },
        { selector: "#save", message: "Two" },
      ],
    });
    await settle();
    shown()?.querySelector<HTMLButtonElement>(".gtr-next")?.click();
    await settle();
    expect(shown()?.textContent).toContain("Two");
    expect(shown()?.querySelector(".gtr-done")).not.toBeNull();
    shown()?.querySelector<HTMLButtonElement>(".gtr-back")?.click();
    await settle();
    expect(shown()?.textContent).toContain("One");
    expect(indexes).toEqual([0, 1, 0]);
    // Only one popover in the page at a time.
    expect(root.querySelectorAll(".gtr-popover")).toHaveLength(1);
    window.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape" }));
    expect(ends).toEqual([false]);
  });

  test("a tour that may not be closed has no close control and ignores Escape", async () => {
    start({ allowClose: false, steps: [{ selector: "#title", message: "Stay" }] });
    await settle();
    expect(shown()?.querySelector(".gtr-close")).toBeNull();
    window.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape" }));
    expect(ends).toEqual([]);
    shown()?.querySelector<HTMLButtonElement>(".gtr-done")?.click();
    await settle();
    expect(ends).toEqual([true]);
  });

  test("stop takes it away without an end", async () => {
    const handle = start({ steps: [{ selector: "#title", message: "One" }] });
    await settle();
    handle.stop();
    expect(root.querySelector(".gtr-layer")).toBeNull();
    expect(ends).toEqual([]);
    expect(document.querySelector<HTMLElement>("#title")?.style.getPropertyValue("pointer-events")).toBe("");
  });
});

describe("popover kinds", () => {
  test("a post is wide; a video-pointer step plays its video muted with a sound toggle", async () => {
    start({
      steps: [
        { type: "post", message: "<p>News</p>" },
        { type: "video-pointer", videoUrl: "https://x.test/v.mp4", selector: "#title" },
      ],
    });
    await settle();
    expect(shown()?.classList.contains("gtr-wide")).toBe(true);
    shown()?.querySelector<HTMLButtonElement>(".gtr-next")?.click();
    await settle();
    const video = shown()?.querySelector("video");
    expect(video?.getAttribute("src")).toBe("https://x.test/v.mp4");
    expect(video?.muted).toBe(true);
    const sound = shown()?.querySelector<HTMLButtonElement>(".gtr-sound");
    expect(sound?.textContent).toBe("Turn the sound on");
    sound?.click();
    expect(video?.muted).toBe(false);
  });
});
