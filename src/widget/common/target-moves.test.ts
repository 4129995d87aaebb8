import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import type { Rect } from "./bubble-placement.ts";
import { type MoveWatchWindow, marginAround, watchMoves } from "./target-moves.ts";

describe("marginAround", () => {
  test("shrinks the window to the element's box, rounded outwards", () => {
    expect(
      marginAround({ left: 100.6, top: 200.2, width: 80, height: 30 }, { width: 1000, height: 800 }),
    ).toBe("-200px -819px -569px -100px");
  });

  test("an element partly out of the window grows the root past it on that side", () => {
    expect(marginAround({ left: 10, top: 780, width: 100, height: 40 }, { width: 1000, height: 800 })).toBe(
      "-780px -890px 20px -10px",
    );
  });
});

/** A stand-in for Chromium's IntersectionObserver: it records what it was given and answers on demand. */
function recordingWindow() {
  const made: Array<{
    callback: IntersectionObserverCallback;
    options: IntersectionObserverInit | undefined;
    observed: Element[];
    disconnected: boolean;
  }> = [];
  const timers: Array<{ run: () => void; ms: number | undefined; cleared: boolean }> = [];
  const fake: MoveWatchWindow = {
    document,
    IntersectionObserver: class {
      record: (typeof made)[number];
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        this.record = { callback, options, observed: [], disconnected: false };
        made.push(this.record);
      }
      observe(element: Element) {
        this.record.observed.push(element);
      }
      disconnect() {
        this.record.disconnected = true;
      }
    } as unknown as typeof IntersectionObserver,
    setTimeout: ((run: () => void, ms?: number) => {
      timers.push({ run, ms, cleared: false });
      return timers.length - 1;
    }) as unknown as typeof setTimeout,
    clearTimeout: ((id: number) => {
      const timer = timers[id];
      if (timer) timer.cleared = true;
    }) as unknown as typeof clearTimeout,
  };
  const answer = (ratio: number) => {
    const latest = made.at(-1);
    latest?.callback([{ intersectionRatio: ratio } as IntersectionObserverEntry], {} as IntersectionObserver);
  };
  return { fake, made, timers, answer };
}

describe("watchMoves", () => {
  let target: HTMLElement;
  let box: Rect;
  let moves: number;
  const measure = () => box;

  beforeEach(() => {
    document.body.innerHTML = `<section id="plans">Plans</section>`;
    target = document.getElementById("plans") as HTMLElement;
    box = { left: 24, top: 150, width: 600, height: 120 };
    moves = 0;
  });

  afterEach(() => {
    document.body.innerHTML = "";
  });

  test("nothing is reported while the element keeps its box; a move is, and the box is watched anew", () => {
    const { fake, made, answer } = recordingWindow();
    const stop = watchMoves(fake, target, measure, () => moves++);
    expect(made).toHaveLength(1);
    expect(made[0]?.observed).toEqual([target]);
    expect(made[0]?.options?.threshold).toBe(1);
    expect(made[0]?.options?.root).toBe(document);
    const before = made[0]?.options?.rootMargin;
    // The first answer: the whole element inside its own box.
    answer(1);
    expect(moves).toBe(0);
    // A banner pushes the page down by 52 px.
    box = { ...box, top: 202 };
    answer(0.57);
    expect(moves).toBe(1);
    expect(made[0]?.disconnected).toBe(true);
    expect(made).toHaveLength(2);
    expect(made[1]?.options?.rootMargin).not.toBe(before);
    answer(1);
    expect(moves).toBe(1);
    stop();
    expect(made[1]?.disconnected).toBe(true);
  });

  test("a clipped element is watched for its visible share changing; one clipped away is looked at again later", () => {
    const { fake, made, timers, answer } = recordingWindow();
    const stop = watchMoves(fake, target, measure, () => moves++);
    // A scrolling container shows half of it: "all of it" never comes, so half is what is watched.
    answer(0.5);
    expect(made.at(-1)?.options?.threshold).toBe(0.5);
    answer(0.5);
    const watching = made.length;
    answer(0.3);
    expect(moves).toBe(2);
    expect(made.length).toBe(watching + 1);
    // Clipped away entirely at first: no loop of observers, a look a second later.
    answer(0);
    expect(made.length).toBe(watching + 1);
    expect(timers.map((timer) => timer.ms)).toEqual([1000]);
    stop();
    expect(timers[0]?.cleared).toBe(true);
  });

  test("without IntersectionObserver, or for an element without a box, nothing is watched", () => {
    const { fake, made } = recordingWindow();
    watchMoves({ ...fake, IntersectionObserver: undefined }, target, measure, () => moves++)();
    box = { left: 0, top: 0, width: 0, height: 0 };
    watchMoves(fake, target, measure, () => moves++)();
    expect(made).toHaveLength(0);
  });
});
