import { afterEach, beforeEach } from "bun:test";
import type { WidgetChunkContext } from "../../shared/widget-chunk-contract.ts";
import { createChunkContext } from "./chunk-context-test-support.ts";

/**
 * Test helpers for the banner and modal chunks: happy-dom does not load iframes, so a test gives the
 * chunk's iframe a stand-in window that records what the host posts to it, and sends messages "from" it.
 */

/** The frames' own origin in the chunk context of the tests. */
export const testFrameOrigin = "http://localhost:3001";

export interface FakeFrameWindow {
  posted: Array<{ message: unknown; targetOrigin: string }>;
  postMessage(message: unknown, targetOrigin: string): void;
}

export function attachFakeWindow(iframe: HTMLIFrameElement): FakeFrameWindow {
  const fake: FakeFrameWindow = {
    posted: [],
    postMessage(message, targetOrigin) {
      fake.posted.push({ message: JSON.parse(String(message)), targetOrigin });
    },
  };
  Object.defineProperty(iframe, "contentWindow", { value: fake, configurable: true });
  return fake;
}

/** Dispatches a message event on the host window as if a frame had posted it. */
export function messageFrom(source: unknown, origin: string, data: unknown) {
  const text = typeof data === "string" ? data : JSON.stringify(data);
  window.dispatchEvent(new MessageEvent("message", { data: text, origin, source: source as Window }));
}

/** happy-dom logs every iframe it does not load; the tests expect exactly that, so it stays quiet. */
export function quietIframeLoading(): () => void {
  const original = console.error;
  console.error = (...args: unknown[]) => {
    if (String(args[0]).includes("Iframe page loading is disabled")) return;
    original(...args);
  };
  return () => {
    console.error = original;
  };
}

/** The `data` of the nth message the host posted to the frame. */
export function postedData(frame: FakeFrameWindow, index = 0): Record<string, unknown> {
  const message = frame.posted[index]?.message as { data?: Record<string, unknown> } | undefined;
  if (!message?.data) throw new Error(`no message ${index} with data was posted`);
  return message.data;
}

/** The chunk mounted for the test that runs now, and what a test does with its frame. */
export interface MountedFrameChunk {
  context: ReturnType<typeof createChunkContext>;
  /** Takes the chunk down (after the test, or in it). */
  unmount: () => void;
  /** Shows a frame for `payload` and gives its iframe a stand-in window. */
  show(payload: unknown): FakeFrameWindow;
  /** Sends `message` from the frame with its `type` mark, by default from the frame's origin. */
  from(frame: FakeFrameWindow, message: Record<string, unknown>, origin?: string): void;
}

/**
 * Mounts a frame chunk before every test of the file, on a page with no inline style and no class on
 * `<html>` or `<body>`; after it, unmounts it and puts back the console and the address. `frame` names
 * the command that shows the frame, the mark its messages carry and where its iframe is.
 */
export function mountFrameChunkPerTest(
  mount: (context: WidgetChunkContext) => () => void,
  frame: {
    show: (payload: unknown) => void;
    type: "BANNER" | "MODAL";
    iframe: () => HTMLIFrameElement | null;
  },
  options: { nonce?: string } = {},
): MountedFrameChunk {
  let restoreConsole = () => {};
  const mounted: MountedFrameChunk = {
    // Set before each test: a context puts its element into the page.
    context: undefined as unknown as MountedFrameChunk["context"],
    unmount: () => {},
    show(payload) {
      frame.show(payload);
      const iframe = frame.iframe();
      if (!iframe) throw new Error("no frame was shown");
      return attachFakeWindow(iframe);
    },
    from: (window, message, origin = testFrameOrigin) =>
      messageFrom(window, origin, { type: frame.type, ...message }),
  };
  beforeEach(() => {
    restoreConsole = quietIframeLoading();
    document.documentElement.removeAttribute("style");
    document.body.removeAttribute("style");
    document.body.className = "";
    mounted.context = createChunkContext(options);
    mounted.unmount = mount(mounted.context);
  });
  afterEach(() => {
    mounted.unmount();
    mounted.context.element.remove();
    restoreConsole();
    window.history.replaceState(null, "", "/");
  });
  return mounted;
}
