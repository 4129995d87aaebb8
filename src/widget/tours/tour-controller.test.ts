import { describe, expect, test } from "bun:test";
import type { ProductTourValidation } from "../../shared/outbound-api.ts";
import { type SavedTour, savedTourAt, tourStore } from "../common/tour-data.ts";
import { createTourController, type TourRun } from "./tour-controller.ts";

const config = {
  tourType: "standard",
  steps: [{ selector: "#a" }, { selector: "#b", mode: "INPUT" }, { selector: "#c", mode: "CLICK" }],
};
const copilotConfig = {
  tourType: "cobrowse",
  kaiSlug: "Kai",
  steps: [{ selector: "#a" }, { selector: "#b" }],
};

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    storage: {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
    } as unknown as Storage,
  };
}

/** The controller with recording fakes for the server, the runners and the SDK's events. */
function setup(
  answer: Partial<ProductTourValidation> | Error = { status: "live", passedPageFilter: true, config },
) {
  const { items, storage } = memoryStorage();
  const store = tourStore(() => storage);
  const validations: Array<{ tourId: string; currentUrl: string }> = [];
  const runs: Array<{ kind: "standard" | "copilot"; run: TourRun; stopped: boolean }> = [];
  const emitted: Array<[string, unknown]> = [];
  const tracked: Array<[string, unknown]> = [];
  const warnings: string[] = [];
  const acknowledged: Array<[string, string]> = [];
  let slotHolder: object | null = null;
  const slot = {
    busy: () => slotHolder !== null,
    take: (owner: object) => {
      slotHolder = owner;
    },
    release: (owner: object) => {
      if (slotHolder === owner) slotHolder = null;
    },
  };
  const runner = (kind: "standard" | "copilot") => (run: TourRun) => {
    const entry = { kind, run, stopped: false };
    runs.push(entry);
    return {
      stop: () => {
        entry.stopped = true;
      },
    };
  };
  const controller = createTourController({
    validate: async (tourId, currentUrl) => {
      validations.push({ tourId, currentUrl });
      if (answer instanceof Error) throw answer;
      return { status: "live", passedPageFilter: true, config: {}, ...answer };
    },
    currentUrl: () => "http://localhost:3000/demo?tour=notes",
    store,
    runStandard: runner("standard"),
    runCopilot: runner("copilot"),
    emit: (name, data) => emitted.push([name, data]),
    track: (name, data) => tracked.push([name, data]),
    warn: (message) => warnings.push(message),
    acknowledge: (tourId, event) => acknowledged.push([tourId, event]),
    slot,
  });
  return { controller, items, store, validations, runs, emitted, tracked, warnings, acknowledged, slot };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("starting a tour", () => {
  test("by id: validated with this page's address, then drawn with the server's config", async () => {
    const { controller, validations, runs, emitted } = setup();
    controller.start("t1");
    await settle();
    expect(validations).toEqual([{ tourId: "t1", currentUrl: "http://localhost:3000/demo?tour=notes" }]);
    expect(runs).toHaveLength(1);
    expect(runs[0]?.kind).toBe("standard");
    expect(runs[0]?.run.data.steps.map((step) => step.selector)).toEqual(["#a", "#b", "#c"]);
    expect(runs[0]?.run.offset).toBe(0);
    expect(controller.activeTourId()).toBe("t1");
    expect(emitted).toEqual([]);
  });

  for (const [why, answer] of [
    ["a draft", { status: "draft" as const, passedPageFilter: true, config }],
    ["a page the filter refuses", { status: "live" as const, passedPageFilter: false, config }],
    ["a failed validation", new Error("404")],
  ] as const) {
    test(`${why} is cleaned up as quit: no drawing, the quit event and tracked event`, async () => {
      const { controller, runs, emitted, tracked, warnings, items } = setup(answer);
      items.set("gleap-tour-data", JSON.stringify(savedTourAt("t1", config, 1, 0)));
      controller.start("t1");
      await settle();
      expect(runs).toEqual([]);
      expect(emitted).toEqual([["productTourQuit", { tourId: "t1" }]]);
      expect(tracked).toEqual([["tour-t1-quit", { tourId: "t1" }]]);
      expect(warnings).toEqual(["Product tour is not live. Cleaning up..."]);
      expect(items.has("gleap-tour-data")).toBe(false);
      expect(controller.activeTourId()).toBeNull();
    });
  }

  test("a tour without steps quits with the reference's warning", async () => {
    const { controller, runs, emitted, warnings } = setup({ config: { steps: [] } });
    controller.start("t1");
    await settle();
    expect(runs).toEqual([]);
    expect(warnings).toEqual(["No steps to drive through"]);
    expect(emitted).toEqual([["productTourQuit", { tourId: "t1" }]]);
  });

  test("one tour at a time; a co-pilot tour goes to the co-pilot", async () => {
    const { controller, runs, validations } = setup({ config: copilotConfig });
    controller.start("t1");
    controller.start("t2");
    await settle();
    expect(validations.map((entry) => entry.tourId)).toEqual(["t1"]);
    expect(runs.map((entry) => entry.kind)).toEqual(["copilot"]);
  });

  test("a server action brings its own data, still validated first", async () => {
    const { controller, runs, validations } = setup({ config: { steps: [{ selector: "#stale" }] } });
    controller.start({ actionType: "tour", outbound: "t1", data: config });
    await settle();
    expect(validations).toHaveLength(1);
    expect(runs[0]?.run.data.steps).toHaveLength(3);
  });
});

describe("ending a tour", () => {
  test("completed: the event, the tracked event, the saved tour forgotten; then another may start", async () => {
    const { controller, runs, emitted, tracked, items } = setup();
    controller.start("t1");
    await settle();
    runs[0]?.run.onIndex(2);
    controller.pageHidden();
    expect(items.has("gleap-tour-data")).toBe(true);
    runs[0]?.run.onEnd(true);
    expect(emitted).toEqual([["productTourCompleted", { tourId: "t1" }]]);
    expect(tracked).toEqual([["tour-t1-completed", { tourId: "t1" }]]);
    expect(items.has("gleap-tour-data")).toBe(false);
    // A second end of the same run changes nothing.
    runs[0]?.run.onEnd(false);
    expect(emitted).toHaveLength(1);
    controller.start("t2");
    await settle();
    expect(runs).toHaveLength(2);
  });

  test("quit before the last step", async () => {
    const { controller, runs, emitted } = setup();
    controller.start("t1");
    await settle();
    runs[0]?.run.onEnd(false);
    expect(emitted).toEqual([["productTourQuit", { tourId: "t1" }]]);
  });
});

describe("progress across pages", () => {
  test("saved when the page goes: the steps to come and how many are done", async () => {
    const { controller, runs, store } = setup();
    controller.start("t1");
    await settle();
    runs[0]?.run.onIndex(1);
    // Moving on does not write yet: only leaving the page does.
    expect(store.load()).toBeNull();
    controller.pageHidden();
    const saved = store.load() as SavedTour;
    expect(saved.tourId).toBe("t1");
    expect(saved.stepOffset).toBe(1);
    expect(saved.tourData.steps).toEqual([
      { selector: "#b", mode: "INPUT" },
      { selector: "#c", mode: "CLICK" },
    ]);
  });

  test("resumed from the saved steps, validated again, counting the steps already done", async () => {
    const { controller, runs, store, validations } = setup({ config: { steps: [{ selector: "#other" }] } });
    store.save(savedTourAt("t1", config, 1, 0));
    controller.resume();
    await settle();
    expect(validations.map((entry) => entry.tourId)).toEqual(["t1"]);
    expect(runs[0]?.run.data.steps.map((step) => step.selector)).toEqual(["#b", "#c"]);
    expect(runs[0]?.run.offset).toBe(1);
    // Leaving again on the first resumed step keeps the same place.
    controller.pageHidden();
    expect(store.load()?.stepOffset).toBe(1);
  });

  test("nothing saved, nothing resumed", async () => {
    const { controller, validations } = setup();
    controller.resume();
    await settle();
    expect(validations).toEqual([]);
  });

  test("the server's push of the tour this page view took is ignored", async () => {
    const { controller, runs, store } = setup();
    store.save(savedTourAt("t1", config, 1, 0));
    controller.resume();
    await settle();
    runs[0]?.run.onEnd(true);
    controller.start({ actionType: "tour", outbound: "t1", data: config });
    await settle();
    expect(runs).toHaveLength(1);
    // Asked for by name, it runs again.
    controller.start("t1");
    await settle();
    expect(runs).toHaveLength(2);
  });

  test("a co-pilot tour keeps its place at every step, and is not saved when the page goes", async () => {
    const { controller, runs, store } = setup({ config: copilotConfig });
    controller.start("t1");
    await settle();
    runs[0]?.run.onIndex(1);
    expect(store.load()?.tourData.steps).toEqual([{ selector: "#b" }]);
    store.clear();
    controller.pageHidden();
    expect(store.load()).toBeNull();
  });
});

describe("admin mode", () => {
  test("the tour on screen goes silently, nothing is saved when the page goes, and no tour starts", async () => {
    const { controller, runs, emitted, store, validations } = setup();
    controller.start("t1");
    await settle();
    controller.disable();
    expect(runs[0]?.stopped).toBe(true);
    expect(emitted).toEqual([]);
    controller.pageHidden();
    expect(store.load()).toBeNull();
    controller.start("t2");
    controller.resume();
    await settle();
    expect(validations).toHaveLength(1);
  });

  test("a tour still validating when admin mode starts never shows", async () => {
    const { controller, runs } = setup();
    controller.start("t1");
    controller.disable();
    await settle();
    expect(runs).toEqual([]);
  });
});

describe("the takeover slot and acknowledgements", () => {
  const pushed = { actionType: "tour", outbound: "t9", data: config };

  test("a drawn tour is acknowledged shown, then completed or closed; the slot is held meanwhile", async () => {
    const { controller, runs, acknowledged, slot } = setup();
    controller.start(pushed);
    expect(slot.busy()).toBe(true);
    await settle();
    expect(acknowledged).toEqual([["t9", "shown"]]);
    runs[0]?.run.onEnd(true);
    expect(acknowledged).toEqual([
      ["t9", "shown"],
      ["t9", "completed"],
    ]);
    expect(slot.busy()).toBe(false);

    const quit = setup();
    quit.controller.start("t2");
    await settle();
    quit.runs[0]?.run.onEnd(false);
    expect(quit.acknowledged).toEqual([
      ["t2", "shown"],
      ["t2", "closed"],
    ]);
  });

  test("a tour that never showed is not acknowledged at all, and frees the slot", async () => {
    const { controller, acknowledged, slot } = setup({ status: "draft", passedPageFilter: true, config });
    controller.start(pushed);
    await settle();
    expect(acknowledged).toEqual([]);
    expect(slot.busy()).toBe(false);
  });

  test("a pushed tour waits while another takeover holds the slot; a host's own start does not", async () => {
    const { controller, runs, acknowledged, slot } = setup();
    const modal = {};
    slot.take(modal);
    controller.start(pushed);
    await settle();
    expect(runs).toHaveLength(0);
    expect(acknowledged).toEqual([]);

    // Offered again once the modal is gone: it runs (it was not remembered as run).
    slot.release(modal);
    controller.start(pushed);
    await settle();
    expect(runs).toHaveLength(1);
    runs[0]?.run.onEnd(true);

    slot.take(modal);
    controller.start("t3");
    await settle();
    expect(runs).toHaveLength(2);
  });
});
