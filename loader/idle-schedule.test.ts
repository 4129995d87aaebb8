import { describe, expect, test } from "bun:test";
import { whenIdle, whenNearViewport } from "./idle-schedule.ts";

/** A window with hand-driven idle callbacks and intersection observers. */
function fakeWindow({ idle = true, observer = true } = {}) {
  const idleTasks = new Map<number, { task: () => void; timeout?: number }>();
  const observers: Array<{
    callback: (entries: Array<{ isIntersecting: boolean }>) => void;
    margin?: string;
    observed: Element[];
    connected: boolean;
  }> = [];
  let nextId = 1;
  const window = {
    ...(idle && {
      requestIdleCallback(task: () => void, options?: { timeout?: number }) {
        idleTasks.set(nextId, { task, timeout: options?.timeout });
        return nextId++;
      },
      cancelIdleCallback(id: number) {
        idleTasks.delete(id);
      },
    }),
    ...(observer && {
      IntersectionObserver: class {
        record: (typeof observers)[number];
        constructor(
          callback: (entries: Array<{ isIntersecting: boolean }>) => void,
          options?: { rootMargin?: string },
        ) {
          this.record = { callback, margin: options?.rootMargin, observed: [], connected: true };
          observers.push(this.record);
        }
        observe(element: Element) {
          this.record.observed.push(element);
        }
        disconnect() {
          this.record.connected = false;
        }
      },
    }),
  } as unknown as Window & typeof globalThis;
  return {
    window,
    idleTasks,
    observers,
    runIdle() {
      const tasks = [...idleTasks.values()];
      idleTasks.clear();
      for (const { task } of tasks) task();
    },
    intersect(isIntersecting: boolean) {
      for (const record of observers.filter((r) => r.connected)) record.callback([{ isIntersecting }]);
    },
  };
}

const element = {} as Element;

describe("whenIdle", () => {
  test("runs the task at the next idle moment, with a deadline, not before", () => {
    const fake = fakeWindow();
    let ran = 0;
    whenIdle(fake.window, () => ran++, 1500);
    expect(ran).toBe(0);
    expect([...fake.idleTasks.values()][0]?.timeout).toBe(1500);
    fake.runIdle();
    expect(ran).toBe(1);
  });

  test("a cancelled task never runs", () => {
    const fake = fakeWindow();
    let ran = 0;
    const cancel = whenIdle(fake.window, () => ran++);
    cancel();
    fake.runIdle();
    expect(ran).toBe(0);
  });

  test("without requestIdleCallback the task runs at once", () => {
    const fake = fakeWindow({ idle: false });
    let ran = 0;
    whenIdle(fake.window, () => ran++);
    expect(ran).toBe(1);
  });
});

describe("whenNearViewport", () => {
  test("waits for the element to come near the viewport, then for idle time", () => {
    const fake = fakeWindow();
    let ran = 0;
    whenNearViewport(fake.window, element, () => ran++);
    expect(fake.observers[0]?.observed).toEqual([element]);
    expect(fake.observers[0]?.margin).toBe("400px");
    // The first report of an element far below the fold: not intersecting.
    fake.intersect(false);
    fake.runIdle();
    expect(ran).toBe(0);
    fake.intersect(true);
    expect(ran).toBe(0);
    expect(fake.observers[0]?.connected).toBe(false);
    fake.runIdle();
    expect(ran).toBe(1);
  });

  test("cancelling stops both the observer and a pending idle task", () => {
    const fake = fakeWindow();
    let ran = 0;
    const cancelBefore = whenNearViewport(fake.window, element, () => ran++);
    cancelBefore();
    expect(fake.observers[0]?.connected).toBe(false);
    const cancelAfter = whenNearViewport(fake.window, element, () => ran++);
    fake.intersect(true);
    cancelAfter();
    fake.runIdle();
    expect(ran).toBe(0);
  });

  test("without IntersectionObserver it waits for idle time only", () => {
    const fake = fakeWindow({ observer: false });
    let ran = 0;
    whenNearViewport(fake.window, element, () => ran++);
    expect(ran).toBe(0);
    fake.runIdle();
    expect(ran).toBe(1);
  });
});
