import { describe, expect, test } from "bun:test";
import { frameInboxScript, takeFrameInbox } from "./frame-inbox.ts";

const announcement = JSON.stringify({ name: "banner-loaded", type: "BANNER" });

/** A frame's window (or a top-level one, `framed: false`) whose parent records what it is posted. */
function fakePage(referrer: string, { framed = true } = {}) {
  const posted: Array<{ message: string; target: string }> = [];
  const parent = { postMessage: (message: string, target: string) => posted.push({ message, target }) };
  const view = Object.assign(new EventTarget(), { document: { referrer } }) as unknown as Window;
  Object.assign(view, { parent: framed ? parent : view });
  const deliver = (data: string, source: unknown = parent) =>
    view.dispatchEvent(
      new MessageEvent("message", { data, origin: "https://shop.example", source: source as Window }),
    );
  /** Runs the page's inline script as the browser would: its text, with this page as `window`. */
  const runScript = (script = frameInboxScript(announcement)) => new Function("window", script)(view);
  return { view, posted, deliver, runScript };
}

describe("the frame page's inbox script", () => {
  test("announces the frame to the referrer's origin while the page parses, and keeps the parent's messages", () => {
    const page = fakePage("https://shop.example/products/1");
    page.runScript();
    expect(page.posted).toEqual([{ message: announcement, target: "https://shop.example" }]);
    page.deliver("first");
    page.deliver("from another frame", { postMessage() {} });
    page.deliver("second");

    const inbox = takeFrameInbox(page.view);
    expect(inbox.announced).toBe(true);
    expect(inbox.events.map((event) => event.data)).toEqual(["first", "second"]);
    // Taken once: the script's listener stopped, and nothing is left for a second taker.
    page.deliver("after");
    expect(inbox.events).toHaveLength(2);
    expect(takeFrameInbox(page.view)).toEqual({ announced: false, events: [] });
  });

  test("without a referrer the announcement goes to any origin", () => {
    const page = fakePage("");
    page.runScript();
    expect(page.posted).toEqual([{ message: announcement, target: "*" }]);
  });

  test("a page that is not framed announces nothing, and leaves it to its channel", () => {
    const page = fakePage("https://shop.example/", { framed: false });
    page.runScript();
    expect(page.posted).toEqual([]);
    expect(takeFrameInbox(page.view).announced).toBe(false);
  });

  test("a parent that refuses the post leaves the announcement to the channel", () => {
    const page = fakePage("https://shop.example/");
    Object.assign(page.view, {
      parent: {
        postMessage() {
          throw new Error("gone");
        },
      },
    });
    page.runScript();
    expect(takeFrameInbox(page.view).announced).toBe(false);
  });

  test("a page without the script has an empty inbox", () => {
    expect(takeFrameInbox(fakePage("").view)).toEqual({ announced: false, events: [] });
  });

  test("the script's text cannot close its element", () => {
    const script = frameInboxScript(JSON.stringify({ name: "</script><script>alert(1)</script>" }));
    expect(script).not.toContain("<");
    const page = fakePage("");
    page.runScript(script);
    expect(page.posted[0]?.message).toBe(JSON.stringify({ name: "</script><script>alert(1)</script>" }));
  });
});
