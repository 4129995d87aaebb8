import { describe, expect, test } from "bun:test";
import type { Rect } from "../common/bubble-placement.ts";
import { followStep, sameBox, settleFrames, whenStill } from "./step-follow.ts";

describe("sameBox", () => {
  const box = { left: 10, top: 20, width: 30, height: 40 };

  test("within half a pixel is the same place; none and none are the same too", () => {
    expect(sameBox(box, { ...box, top: 20.4 })).toBe(true);
    expect(sameBox(box, { ...box, top: 20.6 })).toBe(false);
    expect(sameBox(box, { ...box, width: 31 })).toBe(false);
    expect(sameBox(null, null)).toBe(true);
    expect(sameBox(box, null)).toBe(false);
  });
});

describe("whenStill", () => {
  /** A page whose element's box the test moves, and the frames it runs by hand. */
  function page(start: Rect | null) {
    let box = start;
    let wanted = true;
    const frames: Array<() => void> = [];
    const done: string[] = [];
    whenStill(
      {
        box: () => box,
        whenDrawn: (callback) => frames.push(callback),
        wanted: () => wanted,
        guarded: (callback) => callback,
      },
      () => done.push("placed"),
    );
    return {
      done,
      frame: () => {
        for (const callback of frames.splice(0)) callback();
      },
      move: (next: Rect | null) => {
        box = next;
      },
      takeAway: () => {
        wanted = false;
      },
    };
  }
  const at = (top: number) => ({ left: 24, top, width: 600, height: 120 });

  test("an element that holds still is placed after one frame; one that moved waits for the next", () => {
    const still = page(at(150));
    still.frame();
    expect(still.done).toEqual(["placed"]);

    const pushed = page(at(150));
    pushed.move(at(202));
    pushed.frame();
    expect(pushed.done).toEqual([]);
    pushed.frame();
    expect(pushed.done).toEqual(["placed"]);
  });

  test("an element forever on the move is placed after settleFrames frames; a step taken away never", () => {
    const moving = page(at(0));
    for (let frame = 1; frame <= settleFrames && moving.done.length === 0; frame++) {
      moving.move(at(frame));
      moving.frame();
    }
    expect(moving.done).toEqual(["placed"]);

    const gone = page(at(150));
    gone.takeAway();
    gone.frame();
    expect(gone.done).toEqual([]);
  });
});

describe("followStep", () => {
  test("scrolls and resizes reach it, each as what it is, until it is stopped", () => {
    const popover = document.createElement("div");
    const heard: string[] = [];
    const stop = followStep(window, { popover, target: null }, () => at0, {
      scrolled: () => heard.push("scrolled"),
      changed: () => heard.push("changed"),
    });
    window.dispatchEvent(new Event("scroll"));
    document.body.dispatchEvent(new Event("scroll"));
    window.dispatchEvent(new Event("resize"));
    expect(heard).toEqual(["scrolled", "scrolled", "changed"]);
    stop();
    window.dispatchEvent(new Event("scroll"));
    window.dispatchEvent(new Event("resize"));
    expect(heard).toHaveLength(3);
  });
});

const at0 = { left: 0, top: 0, width: 0, height: 0 };
