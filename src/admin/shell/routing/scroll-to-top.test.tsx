import { afterEach, beforeEach, describe, expect, jest, test } from "bun:test";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { ScrollToTop, scrollDelayMs } from "./scroll-to-top.tsx";

// React warns about updates outside `act` unless it knows it runs under a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe("the scroll to the top after a navigation", () => {
  let root: Root | null = null;
  let scrolls: unknown[] = [];
  const originalScrollTo = window.scrollTo;

  beforeEach(() => {
    scrolls = [];
    jest.useFakeTimers();
    window.scrollTo = ((options: unknown) => void scrolls.push(options)) as typeof window.scrollTo;
  });
  afterEach(() => {
    act(() => root?.unmount());
    root = null;
    window.scrollTo = originalScrollTo;
    jest.useRealTimers();
  });

  /** The shell's scroll keeper under a router at `path`; answers how to navigate. */
  function mounted(path: string) {
    const location = memoryLocation({ path });
    root = createRoot(document.createElement("div"));
    act(() =>
      root?.render(
        <Router hook={location.hook}>
          <ScrollToTop />
        </Router>,
      ),
    );
    return (to: string) => act(() => location.navigate(to));
  }

  const waitPast = (ms: number) => jest.advanceTimersByTime(ms);

  test("450 ms after a navigation, not before", () => {
    const navigate = mounted("/dashboard/users");
    navigate("/dashboard/jobs");
    waitPast(scrollDelayMs - 200);
    expect(scrolls).toEqual([]);
    waitPast(250);
    expect(scrolls).toEqual([{ top: 0 }]);
  });

  test("not after the page's own load: it is at its top already, and a reader may have moved on", () => {
    mounted("/dashboard/users/7");
    waitPast(scrollDelayMs + 50);
    expect(scrolls).toEqual([]);
  });

  test("back on the first page through a link, it scrolls as on any other", () => {
    const navigate = mounted("/dashboard/users");
    navigate("/dashboard/jobs");
    navigate("/dashboard/users");
    waitPast(scrollDelayMs + 50);
    expect(scrolls).toEqual([{ top: 0 }]);
  });

  for (const move of ["wheel", "touchmove", "keydown", "pointerdown"]) {
    test(`a ${move} in the 450 ms wins over it`, () => {
      const navigate = mounted("/dashboard/users");
      navigate("/dashboard/jobs");
      waitPast(100);
      window.dispatchEvent(new Event(move));
      waitPast(scrollDelayMs);
      expect(scrolls).toEqual([]);
      // The next navigation scrolls again.
      navigate("/dashboard/companies");
      waitPast(scrollDelayMs + 50);
      expect(scrolls).toEqual([{ top: 0 }]);
    });
  }
});
