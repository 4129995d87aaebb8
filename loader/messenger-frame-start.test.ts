import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { startSurfaceFrame } from "./messenger-frame-start.ts";

const host = {
  sdkKey: "key-1",
  frameUrls: () => ({
    messenger: "https://messenger.example",
    banner: "https://messenger.example/banner",
    modal: "https://messenger.example/modal",
  }),
};

function shadowRoot(): ShadowRoot {
  const element = document.createElement("div");
  document.body.append(element);
  return element.attachShadow({ mode: "open" });
}

/** A message event as the page would get it from `source`. */
const posted = (source: Window | null, data: string, origin = "https://messenger.example") =>
  new MessageEvent("message", { data, origin, source });

/** happy-dom loads no iframe: a stand-in window for the frame, the source of its messages. */
function frameWindowOf(iframe: HTMLIFrameElement | undefined): Window {
  const stand = {} as Window;
  if (iframe) Object.defineProperty(iframe, "contentWindow", { value: stand, configurable: true });
  return stand;
}

const logError = console.error;
beforeEach(() => {
  // happy-dom logs every iframe it does not load.
  console.error = (...args: unknown[]) => {
    if (!String(args[0]).includes("Iframe page loading is disabled")) logError(...args);
  };
});

afterEach(() => {
  console.error = logError;
  document.body.replaceChildren();
});

describe("the messenger's frame started before its chunk", () => {
  test("an open puts the hidden box in the root, the iframe on the frame URL with the project's key", () => {
    const root = shadowRoot();
    const frame = startSurfaceFrame("messenger", "open", () => root, host, window);
    expect(frame).toBeDefined();
    expect(frame?.element.parentNode).toBe(root);
    expect(frame?.element.hidden).toBe(true);
    expect(frame?.element.className).toBe("frame frame--hidden");
    expect(frame?.iframe.getAttribute("src")).toBe("https://messenger.example/?sdkKey=key-1");
    expect(frame?.url).toBe("https://messenger.example");
    frame?.remove();
  });

  test("screen commands start it; commands that open nothing and other surfaces do not", () => {
    const root = shadowRoot();
    for (const command of ["open", "toggle", "startFeedbackFlow", "openNews", "showSurvey"]) {
      const frame = startSurfaceFrame("messenger", command, () => root, host, window);
      expect(frame).toBeDefined();
      frame?.remove();
    }
    for (const command of ["hide", "close", "preFillForm", "setFormData", "sessionCleared", undefined])
      expect(startSurfaceFrame("messenger", command, () => root, host, window)).toBeUndefined();
    expect(startSurfaceFrame("banner", "showBanner", () => root, host, window)).toBeUndefined();
    expect(root.childNodes).toHaveLength(0);
  });

  test("keeps what the frame's window posts until taken, in order, and nothing from other windows", () => {
    const root = shadowRoot();
    const frame = startSurfaceFrame("messenger", "open", () => root, host, window);
    const frameWindow = frameWindowOf(frame?.iframe);
    window.dispatchEvent(posted(frameWindow, '{"name":"ping"}'));
    window.dispatchEvent(posted(window, '{"name":"from the page"}'));
    window.dispatchEvent(posted(null, '{"name":"no source"}'));
    window.dispatchEvent(posted(frameWindow, '{"name":"second"}'));
    expect(frame?.takeMessages().map((event) => event.data)).toEqual([
      '{"name":"ping"}',
      '{"name":"second"}',
    ]);
    // Taken once: later messages are the chunk's own listener's.
    window.dispatchEvent(posted(frameWindow, '{"name":"late"}'));
    expect(frame?.takeMessages()).toEqual([]);
    frame?.remove();
  });

  test("keeps a bounded number of messages; removing it stops listening and takes it off the page", () => {
    const root = shadowRoot();
    const frame = startSurfaceFrame("messenger", "open", () => root, host, window);
    const frameWindow = frameWindowOf(frame?.iframe);
    for (let index = 0; index < 100; index++) window.dispatchEvent(posted(frameWindow, `{"n":${index}}`));
    const kept = frame?.takeMessages() ?? [];
    expect(kept).toHaveLength(20);
    expect(kept[0]?.data).toBe('{"n":0}');

    const other = startSurfaceFrame("messenger", "open", () => root, host, window);
    const otherWindow = frameWindowOf(other?.iframe);
    const removed: string[] = [];
    const removeListener = window.removeEventListener.bind(window);
    window.removeEventListener = ((type: string, listener: EventListener) => {
      removed.push(type);
      removeListener(type, listener);
    }) as typeof window.removeEventListener;
    other?.remove();
    window.removeEventListener = removeListener;
    expect(removed).toEqual(["message"]);
    window.dispatchEvent(posted(otherWindow, '{"name":"ping"}'));
    expect(other?.takeMessages()).toEqual([]);
    expect(other?.element.isConnected).toBe(false);
    frame?.remove();
  });

  test("a frame whose chunk never came is given to the next open; a taken one is not", () => {
    const root = shadowRoot();
    const first = startSurfaceFrame("messenger", "open", () => root, host, window);
    expect(startSurfaceFrame("messenger", "openNews", () => root, host, window)).toBe(first);
    expect(root.querySelectorAll("iframe")).toHaveLength(1);
    first?.takeMessages();
    const second = startSurfaceFrame("messenger", "open", () => root, host, window);
    expect(second).not.toBe(first);
    second?.remove();
    // Removed (its chunk unmounted before any open): not handed out again.
    const third = startSurfaceFrame("messenger", "open", () => root, host, window);
    expect(third).not.toBe(second);
    third?.remove();
    first?.remove();
  });

  test("taken off the page with the widget's root (a destroy), it stops keeping messages", () => {
    const root = shadowRoot();
    const frame = startSurfaceFrame("messenger", "open", () => root, host, window);
    const frameWindow = frameWindowOf(frame?.iframe);
    root.host.remove();
    window.dispatchEvent(posted(frameWindow, '{"name":"ping"}'));
    expect(frame?.takeMessages()).toEqual([]);
  });

  test("one started on a pointer is the one any later messenger command gets, even one that opens nothing", () => {
    const root = shadowRoot();
    const pointed = startSurfaceFrame("messenger", "open", () => root, host, window);
    // The host's preFillForm loads the chunk before any open: it must mount with this frame.
    expect(startSurfaceFrame("messenger", "preFillForm", () => root, host, window)).toBe(pointed);
    expect(startSurfaceFrame("messenger", undefined, () => root, host, window)).toBe(pointed);
    expect(root.querySelectorAll("iframe")).toHaveLength(1);
    pointed?.remove();
  });
});
