import { afterEach, expect, test } from "bun:test";
import { waitForElement } from "./wait-for-element.ts";

afterEach(() => {
  document.body.innerHTML = "";
});

/** A sleep that records what it was asked for and lets the test change the page in between. */
function recordingSleep(onSleep: (count: number) => void = () => undefined) {
  const asked: number[] = [];
  const sleep = async (ms: number) => {
    asked.push(ms);
    onSleep(asked.length);
  };
  return { asked, sleep };
}

test("an element already there is found at once", async () => {
  document.body.innerHTML = '<button id="save">Save</button>';
  const { asked, sleep } = recordingSleep();
  expect((await waitForElement(document, "#save", { sleep }))?.id).toBe("save");
  expect(asked).toEqual([]);
});

test("an element that appears later is found at the next look, 100 ms apart", async () => {
  const { asked, sleep } = recordingSleep((count) => {
    if (count === 3) document.body.innerHTML = '<input id="late">';
  });
  expect((await waitForElement(document, "#late", { sleep }))?.id).toBe("late");
  expect(asked).toEqual([100, 100, 100]);
});

test("an element that never comes: null after 5 s of looking (50 waits)", async () => {
  const { asked, sleep } = recordingSleep();
  expect(await waitForElement(document, "#never", { sleep })).toBeNull();
  expect(asked).toHaveLength(50);
  expect(asked.reduce((sum, ms) => sum + ms, 0)).toBe(5000);
});

test("an invalid selector and a cancelled wait answer null", async () => {
  const { sleep } = recordingSleep();
  expect(await waitForElement(document, "[[nope", { sleep, timeoutMs: 300 })).toBeNull();
  const abort = new AbortController();
  const cancelling = recordingSleep((count) => {
    if (count === 2) abort.abort();
  });
  expect(
    await waitForElement(document, "#never", { sleep: cancelling.sleep, signal: abort.signal }),
  ).toBeNull();
  expect(cancelling.asked).toHaveLength(2);
});

test("with the real clock", async () => {
  setTimeout(() => {
    document.body.innerHTML = '<p class="soon">x</p>';
  }, 150);
  expect((await waitForElement(document, ".soon", { timeoutMs: 1000 }))?.className).toBe("soon");
});
