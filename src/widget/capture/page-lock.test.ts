import { describe, expect, test } from "bun:test";
import { lockPage } from "./page-lock.ts";

function fire<E extends Event>(event: E, target: EventTarget = window): E {
  target.dispatchEvent(event);
  return event;
}

describe("the page while the editor is open", () => {
  test("screenshot mode: wheel, touch and scroll keys do nothing; the position comes back after", () => {
    const scrolls: Array<[number, number]> = [];
    const original = window.scrollTo;
    window.scrollTo = ((x: number, y: number) => {
      scrolls.push([x, y]);
    }) as unknown as typeof window.scrollTo;
    try {
      const lock = lockPage(window, { scroll: true });
      expect(fire(new WheelEvent("wheel", { cancelable: true })).defaultPrevented).toBe(true);
      expect(fire(new Event("touchmove", { cancelable: true })).defaultPrevented).toBe(true);
      expect(fire(new KeyboardEvent("keydown", { key: "PageDown", cancelable: true })).defaultPrevented).toBe(
        true,
      );
      expect(fire(new KeyboardEvent("keydown", { key: "a", cancelable: true })).defaultPrevented).toBe(false);
      // Space on a button still presses it.
      const button = document.createElement("button");
      document.body.appendChild(button);
      const space = new KeyboardEvent("keydown", { key: " ", cancelable: true, bubbles: true });
      button.dispatchEvent(space);
      expect(space.defaultPrevented).toBe(false);
      button.remove();
      lock.release();
      expect(scrolls.at(-1)).toEqual([lock.position.x, lock.position.y]);
      expect(fire(new WheelEvent("wheel", { cancelable: true })).defaultPrevented).toBe(false);
    } finally {
      window.scrollTo = original;
    }
  });

  test("leaving the page asks first while the editor is open, in every mode", () => {
    const lock = lockPage(window, { scroll: false });
    expect(fire(new Event("beforeunload", { cancelable: true })).defaultPrevented).toBe(true);
    expect(fire(new WheelEvent("wheel", { cancelable: true })).defaultPrevented).toBe(false);
    lock.release();
    lock.release();
    expect(fire(new Event("beforeunload", { cancelable: true })).defaultPrevented).toBe(false);
  });
});
