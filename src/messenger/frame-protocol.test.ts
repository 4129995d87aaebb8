import { describe, expect, test } from "bun:test";
import { frameInboxScript } from "../shared/frame-inbox.ts";
import { frameMessageText, type HostToMessengerMessage } from "../shared/frame-messages.ts";
import { createHostChannel, expectedHostOrigin } from "./frame-protocol.ts";

/** A frame's window: its parent records posts; the test delivers messages as the browser would. */
function frameWindow({ referrer = "", ancestorOrigins = [] as string[], search = "" } = {}) {
  const posted: Array<{ data: unknown; target: string }> = [];
  const parent = { postMessage: (data: unknown, target: string) => posted.push({ data, target }) };
  const events = new EventTarget();
  const view = Object.assign(events, {
    document: { referrer },
    location: { ancestorOrigins, search },
    parent,
  }) as unknown as Window;
  const deliver = (data: unknown, origin: string, source: unknown = parent) =>
    events.dispatchEvent(new MessageEvent("message", { data, origin, source: source as Window }));
  return { view, posted, deliver, parent };
}

const config = JSON.stringify({ name: "config-update", data: { config: { color: "#0B7A75" } } });

describe("the frame's line to the host", () => {
  test("says ping as a JSON string to the referrer's origin", () => {
    const w = frameWindow({ referrer: "http://localhost:3000/demo?x=1" });
    createHostChannel(w.view).start(() => {});
    expect(w.posted).toEqual([{ data: '{"name":"ping"}', target: "http://localhost:3000" }]);
  });

  test("without a referrer, the parent named by ancestorOrigins; without either, ping alone goes to *", () => {
    expect(expectedHostOrigin(frameWindow({ ancestorOrigins: ["https://shop.example"] }).view)).toBe(
      "https://shop.example",
    );
    const w = frameWindow();
    const channel = createHostChannel(w.view);
    channel.start(() => {});
    channel.send({ name: "close-widget" });
    expect(w.posted).toEqual([{ data: '{"name":"ping"}', target: "*" }]);

    // The host's first valid message pins its origin; what waited goes there.
    w.deliver(config, "https://shop.example");
    expect(channel.origin()).toBe("https://shop.example");
    expect(w.posted.at(-1)).toEqual({ data: '{"name":"close-widget"}', target: "https://shop.example" });
  });

  test("takes only the parent's messages, from the expected origin, in a known shape; then pins", () => {
    const w = frameWindow({ referrer: "http://localhost:3000/" });
    const received: HostToMessengerMessage[] = [];
    const channel = createHostChannel(w.view);
    channel.start((message) => received.push(message));

    w.deliver(config, "http://evil.example");
    w.deliver(config, "http://localhost:3000", { postMessage() {} });
    w.deliver(JSON.parse(config), "http://localhost:3000");
    w.deliver("config-update", "http://localhost:3000");
    w.deliver('{"name":"delete-everything"}', "http://localhost:3000");
    w.deliver('{"name":"start-bot","data":{"botId":42}}', "http://localhost:3000");
    expect(received).toEqual([]);

    w.deliver(config, "http://localhost:3000");
    expect(received.map((message) => message.name)).toEqual(["config-update"]);
    expect(channel.origin()).toBe("http://localhost:3000");
  });

  test("after the pin, every message must come from that origin and goes only to it", () => {
    const w = frameWindow();
    const received: string[] = [];
    const channel = createHostChannel(w.view);
    channel.start((message) => received.push(message.name));
    w.deliver(config, "https://shop.example");
    w.deliver('{"name":"open-news","data":{}}', "https://other.example");
    expect(received).toEqual(["config-update"]);
    channel.send({ name: "open-url", data: "https://example.com", newTab: true });
    expect(w.posted.at(-1)?.target).toBe("https://shop.example");
  });

  test("after the page's script said ping, the host's answers that came first are handled at start, once", () => {
    const w = frameWindow({ referrer: "https://shop.example/cart" });
    new Function("window", frameInboxScript(frameMessageText({ name: "ping" })))(w.view);
    expect(w.posted).toEqual([{ data: '{"name":"ping"}', target: "https://shop.example" }]);
    // The host answers while the app is still loading; one answer comes from another origin.
    w.deliver(config, "https://evil.example");
    w.deliver(config, "https://shop.example");

    const received: HostToMessengerMessage[] = [];
    const channel = createHostChannel(w.view);
    channel.start((message) => received.push(message));
    expect(received.map((message) => message.name)).toEqual(["config-update"]);
    expect(channel.origin()).toBe("https://shop.example");
    expect(w.posted).toHaveLength(1); // not said twice

    w.deliver(config, "https://shop.example");
    expect(received).toHaveLength(2);
  });

  test("where the page's script could not post, the channel says ping itself", () => {
    const w = frameWindow({ referrer: "https://shop.example/" });
    const refusing = {
      postMessage() {
        throw new Error("the parent went away");
      },
    };
    Object.assign(w.view, { parent: refusing });
    new Function("window", frameInboxScript(frameMessageText({ name: "ping" })))(w.view);
    Object.assign(w.view, { parent: w.parent });
    createHostChannel(w.view).start(() => {});
    expect(w.posted).toEqual([{ data: '{"name":"ping"}', target: "https://shop.example" }]);
  });

  test("a page that is not framed sends nothing", () => {
    const events = new EventTarget();
    const view = Object.assign(events, { document: { referrer: "" }, location: {} }) as unknown as Window;
    (view as unknown as { parent: Window }).parent = view;
    const channel = createHostChannel(view);
    expect(() => channel.start(() => {})).not.toThrow();
  });

  test("stop removes the listener", () => {
    const w = frameWindow({ referrer: "http://localhost:3000/" });
    const received: string[] = [];
    const stop = createHostChannel(w.view).start((message) => received.push(message.name));
    stop();
    w.deliver(config, "http://localhost:3000");
    expect(received).toEqual([]);
  });
});

describe("the project a frame serves (host-binding.ts)", () => {
  const sessionFor = (sdkKey: string) =>
    JSON.stringify({
      name: "session-update",
      data: {
        sessionData: { gleapId: "g", gleapHash: "h" },
        apiUrl: "http://localhost:3000/api/widget",
        sdkKey,
      },
    });

  test("a frame opened for a project takes that project's session only, with no check", () => {
    const w = frameWindow({ referrer: "https://shop.example/", search: "?sdkKey=demo" });
    const received: string[] = [];
    const checks: string[] = [];
    createHostChannel(w.view, {
      checkHost: async ({ sdkKey }) => {
        checks.push(sdkKey);
        return "allowed";
      },
    }).start((message) => {
      received.push(message.name === "session-update" ? `session ${message.data.sdkKey}` : message.name);
    });
    w.deliver(sessionFor("other-project"), "https://shop.example");
    w.deliver(config, "https://shop.example");
    w.deliver(sessionFor("demo"), "https://shop.example");
    expect(received).toEqual(["config-update", "session demo"]);
    expect(checks).toEqual([]);
  });

  test("a frame opened without a key asks about the host's origin before it takes the first session", async () => {
    const w = frameWindow({ referrer: "https://shop.example/" });
    const received: string[] = [];
    const checks: unknown[] = [];
    let answer: (verdict: "allowed") => void = () => {};
    createHostChannel(w.view, {
      checkHost: (check) => {
        checks.push(check);
        return new Promise((resolve) => {
          answer = resolve;
        });
      },
    }).start((message) => received.push(message.name));
    w.deliver(sessionFor("shop"), "https://shop.example");
    expect(checks).toEqual([
      { apiUrl: "http://localhost:3000/api/widget", sdkKey: "shop", hostOrigin: "https://shop.example" },
    ]);
    expect(received).toEqual([]);
    answer("allowed");
    await Promise.resolve();
    await Promise.resolve();
    expect(received).toEqual(["session-update"]);
  });

  test("after the stop, a late answer delivers nothing", async () => {
    const w = frameWindow({ referrer: "https://shop.example/" });
    const received: string[] = [];
    let answer: (verdict: "allowed") => void = () => {};
    const stop = createHostChannel(w.view, {
      checkHost: () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    }).start((message) => received.push(message.name));
    w.deliver(sessionFor("shop"), "https://shop.example");
    stop();
    answer("allowed");
    await Promise.resolve();
    await Promise.resolve();
    expect(received).toEqual([]);
  });
});
