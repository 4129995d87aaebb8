import { describe, expect, test } from "bun:test";
import { unfinishedTourStorageKey } from "../../shared/widget-storage-keys.ts";
import {
  readSavedTour,
  readTourData,
  savedTourAt,
  tourEventName,
  tourRequestOf,
  tourStore,
} from "./tour-data.ts";

describe("readTourData", () => {
  test("reads the steps and the tour's options, with the reference's defaults", () => {
    const data = readTourData({
      steps: [
        { selector: " #a ", message: "<p>Hi</p>", title: "Welcome" },
        { selector: "#b", mode: "input" },
        { selector: "#c", mode: "CLICK", type: "video-pointer", videoUrl: "https://x.test/v.mp4" },
      ],
      allowClose: false,
      nextText: "Go",
      sender: { name: "Lena", profileImageUrl: "https://x.test/l.png" },
    });
    expect(data?.tourType).toBe("standard");
    expect(data?.steps.map((step) => [step.selector, step.mode])).toEqual([
      ["#a", "DEFAULT"],
      ["#b", "INPUT"],
      ["#c", "CLICK"],
    ]);
    expect(data?.steps[0]?.title).toBe("Welcome");
    expect(data?.steps[2]?.videoUrl).toBe("https://x.test/v.mp4");
    expect(data?.allowClose).toBe(false);
    expect(data?.backButton).toBeNull();
    expect(data?.nextText).toBe("Go");
    expect(data?.sender).toEqual({ firstName: "Lena", profileImageUrl: "https://x.test/l.png" });
    expect(data?.playVoice).toBe(true);
  });

  test("co-pilot fields; a presentation key of the wrong type counts as absent", () => {
    const data = readTourData({
      tourType: "cobrowse",
      kaiSlug: "Kai",
      gradient: true,
      playVoice: false,
      nextText: 42,
      allowClose: "yes",
      steps: [{ selector: "#in", mode: "INPUT", inputType: "auto", inputValue: "Hello", voice: "/v.mp3" }],
    });
    expect(data?.tourType).toBe("cobrowse");
    expect(data?.kaiSlug).toBe("Kai");
    expect(data?.gradient).toBe(true);
    expect(data?.playVoice).toBe(false);
    expect(data?.nextText).toBe("");
    expect(data?.allowClose).toBeNull();
    expect(data?.steps[0]).toMatchObject({ inputType: "auto", inputValue: "Hello", voice: "/v.mp3" });
  });

  test("what is not a tour config reads as null", () => {
    expect(readTourData(null)).toBeNull();
    expect(readTourData({ steps: "none" })).toBeNull();
    expect(readTourData({ steps: [{ selector: 3 }] })).toBeNull();
    expect(readTourData([{ toString: "" }])).toBeNull();
  });
});

describe("tourRequestOf", () => {
  test("an id, or a server action of type tour with its data", () => {
    expect(tourRequestOf(" t1 ")).toEqual({ tourId: "t1", config: null });
    expect(tourRequestOf(7)).toEqual({ tourId: "7", config: null });
    expect(tourRequestOf({ actionType: "tour", outbound: "t2", data: { steps: [] } })).toEqual({
      tourId: "t2",
      config: { steps: [] },
    });
    expect(tourRequestOf({ outbound: "t3", data: {} })).toEqual({ tourId: "t3", config: null });
    expect(tourRequestOf("")).toBeNull();
    expect(tourRequestOf({ data: { steps: [] } })).toBeNull();
    expect(tourRequestOf(undefined)).toBeNull();
  });
});

describe("the saved unfinished tour", () => {
  const config = {
    tourType: "standard",
    steps: [{ selector: "#a" }, { selector: "#b" }, { selector: "#c" }],
  };

  test("keeps the steps still to come and how many are behind", () => {
    const saved = savedTourAt("t1", config, 1, 0);
    expect(saved).toEqual({
      tourId: "t1",
      tourData: { tourType: "standard", steps: [{ selector: "#b" }, { selector: "#c" }] },
      stepOffset: 1,
    });
    // A tour resumed with one step behind, now at its second step: two behind.
    expect(savedTourAt("t1", saved.tourData, 1, saved.stepOffset).stepOffset).toBe(2);
    expect(config.steps).toHaveLength(3);
  });

  test("reads back what it wrote; anything else is no saved tour", () => {
    const saved = savedTourAt("t1", config, 2, 0);
    expect(readSavedTour(JSON.stringify(saved))).toEqual(saved);
    // The reference client's shape, without our offset.
    expect(readSavedTour(JSON.stringify({ tourId: "t9", tourData: { steps: [] } }))?.stepOffset).toBe(0);
    expect(readSavedTour(null)).toBeNull();
    expect(readSavedTour("{broken")).toBeNull();
    expect(readSavedTour(JSON.stringify({ tourId: "t1" }))).toBeNull();
    expect(readSavedTour(JSON.stringify({ tourId: "", tourData: { steps: [] } }))).toBeNull();
  });

  test("the store uses the reference's key and survives a storage that throws", () => {
    const memory = new Map<string, string>();
    const storage = {
      getItem: (key: string) => memory.get(key) ?? null,
      setItem: (key: string, value: string) => void memory.set(key, value),
      removeItem: (key: string) => void memory.delete(key),
    } as unknown as Storage;
    const store = tourStore(() => storage);
    store.save(savedTourAt("t1", config, 1, 0));
    expect(JSON.parse(memory.get(unfinishedTourStorageKey) ?? "{}").tourId).toBe("t1");
    expect(store.load()?.tourData.steps).toHaveLength(2);
    store.clear();
    expect(store.load()).toBeNull();

    const broken = tourStore(() => {
      throw new Error("denied");
    });
    expect(broken.load()).toBeNull();
    expect(() => broken.save(savedTourAt("t1", config, 0, 0))).not.toThrow();
    expect(() => broken.clear()).not.toThrow();
  });
});

test("tracked events are named after the tour", () => {
  expect(tourEventName("t1", true)).toBe("tour-t1-completed");
  expect(tourEventName("t1", false)).toBe("tour-t1-quit");
});
