/**
 * Test helpers for the banner and modal chunks: happy-dom does not load iframes, so a test gives the
 * chunk's iframe a stand-in window that records what the host posts to it, and sends messages "from" it.
 */

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
