import { afterEach, beforeEach, describe, expect, jest, test } from "bun:test";
import { hideToast, showToast, toastHideMs, toastState } from "./toast-store.ts";

describe("toast", () => {
  beforeEach(() => {
    jest.useFakeTimers();
    hideToast();
  });
  afterEach(() => jest.useRealTimers());

  test("shows with its type, heading and body", () => {
    showToast({ type: "success", heading: "Saved", body: "The user was banned." });
    expect({ ...toastState }).toEqual({
      show: true,
      type: "success",
      heading: "Saved",
      body: "The user was banned.",
      link: null,
    });
  });

  test("an unknown type falls back to info", () => {
    showToast({ type: "shout", heading: "Hello" });
    expect(toastState.type).toBe("info");
    showToast({ heading: "No type" });
    expect(toastState.type).toBe("info");
  });

  test("hides by itself after 5 s, and a newer toast restarts the time", () => {
    expect(toastHideMs).toBe(5000);
    showToast({ type: "error", heading: "First" });
    jest.advanceTimersByTime(4000);
    showToast({ type: "error", heading: "Second" });
    jest.advanceTimersByTime(4000);
    expect(toastState.show).toBe(true);
    jest.advanceTimersByTime(1000);
    expect(toastState.show).toBe(false);
  });
});
