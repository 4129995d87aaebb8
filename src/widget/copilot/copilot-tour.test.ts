import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { defaultFlowConfig } from "../../shared/widget-config-api.ts";
import { readTourData } from "../common/tour-data.ts";
import { tourTexts } from "../common/tour-texts.ts";
import type { CopilotClock } from "./copilot-run.ts";
import { runCopilotTour } from "./copilot-tour.ts";
import type { CopilotAudio } from "./copilot-voice.ts";

/**
 * The co-pilot against a clock the test moves: every timer of the tour (the start, the reading time,
 * the typing, the element wait, the completion) runs only when `advance` reaches it, so the spec's
 * timings are checked to the millisecond.
 */
function manualClock() {
  let now = 0;
  let nextId = 1;
  const timers = new Map<number, { at: number; callback: () => void }>();
  const clock: CopilotClock = {
    set(callback, ms) {
      const id = nextId++;
      timers.set(id, { at: now + ms, callback });
      return id;
    },
    clear(id) {
      timers.delete(id as number);
    },
  };
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
  return {
    clock,
    now: () => now,
    async advance(ms: number) {
      const end = now + ms;
      await flush();
      for (;;) {
        const due = [...timers.entries()]
          .filter(([, timer]) => timer.at <= end)
          .sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].callback();
        await flush();
      }
      now = end;
      await flush();
    },
  };
}

let host: HTMLElement;
let root: ShadowRoot;
let time: ReturnType<typeof manualClock>;
let steps: number[];
let ends: boolean[];

beforeEach(() => {
  document.body.innerHTML = `<h1 id="title">Acme</h1><input id="field"><button id="save">Save</button>`;
  host = document.createElement("div");
  document.body.append(host);
  root = host.attachShadow({ mode: "open" });
  time = manualClock();
  steps = [];
  ends = [];
});

afterEach(() => {
  document.body.innerHTML = "";
});

function start(
  config: Record<string, unknown>,
  options: { playable?: boolean; audio?: (url: string) => CopilotAudio } = {},
) {
  const data = readTourData({ tourType: "cobrowse", ...config });
  if (!data) throw new Error("not a tour");
  return runCopilotTour(data, {
    root,
    brandColor: "#485BFF",
    texts: tourTexts("en", defaultFlowConfig),
    clock: time.clock,
    canPlayAudio: async () => options.playable ?? false,
    createAudio:
      options.audio ??
      (() => {
        throw new Error("no audio in this test");
      }),
    onStep: (index) => steps.push(index),
    onEnd: (completed) => ends.push(completed),
  });
}

const bubble = () => root.querySelector(".gcp-bubble")?.textContent ?? "";
const field = () => document.querySelector<HTMLInputElement>("#field") as HTMLInputElement;

describe("the co-pilot's timing", () => {
  test("waits 1.5 s, reads each message for words / 3.6 + 1 s, then completes 0.5 s after the last", async () => {
    start({
      kaiSlug: "Kai",
      steps: [{ selector: "#title", message: "<p>Hello <b>there</b> friend</p>" }, { message: "Bye" }],
    });
    expect(root.querySelector(".gcp-badge")?.textContent).toContain("Kai");
    await time.advance(1499);
    expect(steps).toEqual([]);
    await time.advance(1);
    expect(steps).toEqual([0]);
    expect(bubble()).toBe("Hello there friend");
    // Three words: 3 / 3.6 + 1 s = 1833 ms.
    await time.advance(1832);
    expect(steps).toEqual([0]);
    await time.advance(1);
    expect(steps).toEqual([0, 1]);
    expect(bubble()).toBe("Bye");
    // One word: 1278 ms, then 500 ms to completion.
    await time.advance(1278 + 499);
    expect(ends).toEqual([]);
    await time.advance(1);
    expect(ends).toEqual([true]);
    // The layer fades out for 800 ms, then is gone.
    expect(root.querySelector(".gcp-layer")?.classList.contains("gcp-leaving")).toBe(true);
    await time.advance(800);
    expect(root.querySelector(".gcp-layer")).toBeNull();
  });

  test("an auto INPUT step types 100 ms a character, then goes on 1.2 s later", async () => {
    const typed: string[] = [];
    field().addEventListener("input", () => typed.push(field().value));
    start({
      steps: [{ selector: "#field", mode: "INPUT", inputType: "auto", inputValue: "Hi!", message: "" }],
    });
    // No message: the bubble thinks, for the reading time of one word.
    await time.advance(1500);
    expect(bubble()).toBe("🤔");
    await time.advance(1278);
    expect(field().value).toBe("");
    await time.advance(100);
    expect(field().value).toBe("H");
    await time.advance(200);
    expect(field().value).toBe("Hi!");
    expect(typed).toEqual(["H", "Hi", "Hi!"]);
    await time.advance(1199 + 500);
    expect(ends).toEqual([]);
    await time.advance(1);
    expect(ends).toEqual([true]);
  });

  test("a required element missing for 5 s ends the tour as not completed", async () => {
    start({ steps: [{ selector: "#late" }, { selector: "#title" }] });
    await time.advance(1500 + 4999);
    expect(ends).toEqual([]);
    await time.advance(1);
    expect(ends).toEqual([false]);
  });
});

describe("the co-pilot's actions", () => {
  test("CLICK reports the next step, shows a ripple for 800 ms and clicks the element", async () => {
    let clicks = 0;
    document.querySelector("#save")?.addEventListener("click", () => clicks++);
    start({ steps: [{ selector: "#save", mode: "CLICK", message: "Save" }, { message: "Done" }] });
    await time.advance(1500 + 1278);
    expect(clicks).toBe(1);
    expect(steps).toEqual([0, 1, 1]);
    expect(root.querySelector(".gcp-ripple")).not.toBeNull();
    await time.advance(800);
    expect(root.querySelector(".gcp-ripple")).toBeNull();
  });

  test("a default INPUT step waits for the visitor; once there is text the bubble is a Next button", async () => {
    start({ steps: [{ selector: "#field", mode: "INPUT", message: "Type" }] });
    await time.advance(1500 + 1278 + 10_000);
    expect(ends).toEqual([]);
    expect(root.querySelector(".gcp-pointer")?.classList.contains("gcp-clickmode")).toBe(false);
    field().value = "x";
    field().dispatchEvent(new Event("input"));
    const next = root.querySelector<HTMLElement>(".gcp-bubble");
    expect(next?.textContent?.trim()).toBe("Next");
    expect(next?.getAttribute("role")).toBe("button");
    next?.click();
    await time.advance(500);
    expect(ends).toEqual([true]);
  });

  test("the dismiss control exists only with allowClose, and ends the tour as not completed", async () => {
    start({ steps: [{ message: "One" }] });
    expect(root.querySelector(".gcp-dismiss")).toBeNull();
    root.querySelector(".gcp-layer")?.remove();
    start({ allowClose: true, gradient: true, steps: [{ message: "One" }] });
    expect(root.querySelector(".gcp-shield")?.classList.contains("gcp-gradient")).toBe(true);
    root.querySelector<HTMLElement>(".gcp-dismiss")?.click();
    expect(ends).toEqual([false]);
  });

  test("a co-pilot started while the last one fades out replaces it: one badge on the page", async () => {
    start({ kaiSlug: "First", allowClose: true, steps: [{ message: "One" }] });
    root.querySelector<HTMLButtonElement>(".gcp-dismiss")?.click();
    expect(ends).toEqual([false]);
    expect(root.querySelector(".gcp-layer")?.classList.contains("gcp-leaving")).toBe(true);
    start({ kaiSlug: "Second", steps: [{ message: "Two" }] });
    const badges = [...root.querySelectorAll(".gcp-badge")].map((badge) => badge.textContent);
    expect(badges).toEqual([expect.stringContaining("Second")]);
  });

  test("stop takes it away at once and reports nothing", async () => {
    const handle = start({ steps: [{ message: "One" }] });
    await time.advance(1500);
    handle.stop();
    expect(root.querySelector(".gcp-layer")).toBeNull();
    await time.advance(10_000);
    expect(ends).toEqual([]);
  });
});

describe("sound", () => {
  function fakeAudio() {
    const made: Array<{ url: string; audio: CopilotAudio; end: () => void }> = [];
    const create = (url: string) => {
      let onEnded: () => void = () => undefined;
      const audio: CopilotAudio = {
        muted: false,
        play: async () => undefined,
        pause: () => undefined,
        addEventListener: (_type, listener) => {
          onEnded = listener;
        },
      };
      made.push({ url, audio, end: () => onEnded() });
      return audio;
    };
    return { made, create };
  }

  test("a voice plays instead of the reading time; the step acts 1 s after it ends", async () => {
    const voices = fakeAudio();
    start(
      { steps: [{ message: "A long message of many words here", voice: "/voice.mp3" }] },
      {
        playable: true,
        audio: voices.create,
      },
    );
    await time.advance(1500);
    expect(voices.made.map((voice) => voice.url)).toEqual(["/voice.mp3"]);
    expect(voices.made[0]?.audio.muted).toBe(false);
    await time.advance(20_000);
    expect(ends).toEqual([]);
    voices.made[0]?.end();
    await time.advance(1000 + 499);
    expect(ends).toEqual([]);
    await time.advance(1);
    expect(ends).toEqual([true]);
  });

  test("autoplay refused: voices play muted, and the badge's toggle turns them on", async () => {
    const voices = fakeAudio();
    start({ steps: [{ message: "Hi", voice: "/voice.mp3" }] }, { playable: false, audio: voices.create });
    await time.advance(1500);
    expect(voices.made[0]?.audio.muted).toBe(true);
    const toggle = root.querySelector<HTMLButtonElement>(".gcp-mute");
    expect(toggle?.getAttribute("aria-label")).toBe("Turn the sound on");
    toggle?.click();
    expect(voices.made[0]?.audio.muted).toBe(false);
    expect(toggle?.getAttribute("aria-label")).toBe("Turn the sound off");
  });

  test("with showUnmuteModal, a refused autoplay asks first; the first step comes 1 s after the answer", async () => {
    start({
      showUnmuteModal: true,
      unmuteModalTitle: "Turn on the sound?",
      unmuteModalButton: "Unmute",
      unmuteModalContinue: "Continue without",
      steps: [{ message: "Hi" }],
    });
    await time.advance(1500);
    expect(root.querySelector(".gcp-modal p")?.textContent).toBe("Turn on the sound?");
    expect(root.querySelector(".gcp-continue")?.textContent).toBe("Continue without");
    await time.advance(5000);
    expect(steps).toEqual([]);
    root.querySelector<HTMLButtonElement>(".gcp-unmute")?.click();
    expect(root.querySelector(".gcp-modal")).toBeNull();
    expect(root.querySelector(".gcp-mute")?.getAttribute("aria-pressed")).toBe("false");
    await time.advance(999);
    expect(steps).toEqual([]);
    await time.advance(1);
    expect(steps).toEqual([0]);
  });

  test("without playVoice there is no toggle and no voice", async () => {
    const voices = fakeAudio();
    start(
      { playVoice: false, steps: [{ message: "Hi", voice: "/voice.mp3" }] },
      { playable: true, audio: voices.create },
    );
    expect(root.querySelector(".gcp-mute")).toBeNull();
    await time.advance(1500 + 1278 + 500);
    expect(voices.made).toEqual([]);
    expect(ends).toEqual([true]);
  });
});
