import { act, type ReactNode } from "react";
import { createRoot, type Root } from "react-dom/client";

/**
 * Finding and driving what a test rendered, the way React hears it (inside act): queries, clicks,
 * typing, and waiting for lazy screens and answers.
 */

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Lets promises, lazy chunks and effects run. */
export async function settle(rounds = 5) {
  for (let round = 0; round < rounds; round++) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
}

/**
 * Waits (in act) until `check` passes, for lazy screens and answers; fails after 5 s (a lazy screen
 * shows in milliseconds on a quiet machine; the rest is room for a loaded one).
 */
export async function waitFor<T>(check: () => T, timeoutMs = 5000): Promise<T> {
  // The monotonic clock: a test that fixes the date (`setSystemTime`) still times out.
  const started = performance.now();
  let lastError: unknown;
  while (performance.now() - started < timeoutMs) {
    try {
      const result = check();
      if (result !== false && result !== null && result !== undefined) return result;
    } catch (error) {
      lastError = error;
    }
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
    });
  }
  throw lastError instanceof Error ? lastError : new Error("waitFor: timed out");
}

export const q = <E extends Element = HTMLElement>(root: ParentNode, selector: string) =>
  root.querySelector<E & HTMLElement>(selector);
export const qa = <E extends Element = HTMLElement>(root: ParentNode, selector: string) => [
  ...root.querySelectorAll<E & HTMLElement>(selector),
];

/** The text of the element the selector finds, once it is there. */
export async function shownText(root: ParentNode, selector: string): Promise<string | null> {
  const shown = await waitFor(() => q(root, selector));
  return shown?.textContent ?? null;
}

/** The button whose text is (or contains) this. */
export function button(root: ParentNode, text: string | RegExp): HTMLButtonElement {
  const found = qa<HTMLButtonElement>(root, "button").find((candidate) =>
    typeof text === "string"
      ? candidate.textContent?.trim() === text || candidate.getAttribute("aria-label") === text
      : text.test(candidate.textContent ?? ""),
  );
  if (!found) throw new Error(`no button ${String(text)}`);
  return found;
}

export async function click(element: HTMLElement | null) {
  if (!element) throw new Error("click: no element");
  await act(async () => element.click());
}

/** Types into an input or textarea the way React hears it. */
export async function type(
  element: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement | null,
  value: string,
) {
  if (!element) throw new Error("type: no element");
  await act(async () => {
    const prototype = Object.getPrototypeOf(element);
    const setter = Object.getOwnPropertyDescriptor(prototype, "value")?.set;
    setter?.call(element, value);
    element.dispatchEvent(
      new Event(element instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }),
    );
  });
}

let mountedRoots: Array<{ root: Root; container: HTMLElement }> = [];

/** Renders an element into a fresh container in the document (for frame apps without the shell). */
export async function mount(element: ReactNode): Promise<HTMLElement> {
  const container = document.createElement("div");
  document.body.append(container);
  const root = createRoot(container);
  mountedRoots.push({ root, container });
  await act(async () => root.render(element));
  return container;
}

/** Unmounts what `mount` rendered (call in afterEach). */
export async function unmountAll() {
  for (const { root, container } of mountedRoots) {
    await act(async () => root.unmount());
    container.remove();
  }
  mountedRoots = [];
}
