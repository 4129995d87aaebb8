import { describe, expect, test } from "bun:test";
import { frameInboxScript } from "../../shared/frame-inbox.ts";
import { hostToBanner } from "../../shared/frame-messages.ts";
import { createParentChannel } from "./parent-channel.ts";

/** A frame's window whose parent records what it is sent, and whose messages the test dispatches. */
function fakeFrame(referrer: string) {
  const posted: Array<{ message: unknown; target: string }> = [];
  const parent = {
    postMessage: (message: string, target: string) => posted.push({ message: JSON.parse(message), target }),
  };
  const view = Object.assign(new EventTarget(), { document: { referrer }, parent }) as unknown as Window;
  const deliver = (data: unknown, origin: string, source: unknown = parent) =>
    view.dispatchEvent(
      new MessageEvent("message", {
        data: typeof data === "string" ? data : JSON.stringify(data),
        origin,
        source: source as Window,
      }),
    );
  return { view, parent, posted, deliver };
}

/** The banner's channel in that window, and what it hands the app. */
function bannerChannel(frame: ReturnType<typeof fakeFrame>) {
  const channel = createParentChannel({
    frameType: "BANNER",
    loadedName: "banner-loaded",
    schemas: hostToBanner,
    window: frame.view,
  });
  return { channel, received: [] as unknown[] };
}

const bannerData = { name: "banner-data", type: "banner", data: { title: "Hi" } };

describe("parent channel", () => {
  test("announces itself to the referrer's origin and takes the host's data from there, then pins it", () => {
    const frame = fakeFrame("https://shop.example/products/1");
    const { channel, received } = bannerChannel(frame);
    channel.start((message) => received.push(message));
    expect(frame.posted).toEqual([
      { message: { name: "banner-loaded", type: "BANNER" }, target: "https://shop.example" },
    ]);
    // Before the host spoke, nothing but the announcement goes out.
    channel.send({ name: "banner-height", data: { height: 40 } });
    expect(frame.posted).toHaveLength(1);

    frame.deliver(bannerData, "https://evil.example");
    frame.deliver(bannerData, "https://shop.example", { postMessage() {} });
    frame.deliver({ name: "banner-data", type: "banner", data: { title: 5 } }, "https://shop.example");
    frame.deliver("{broken", "https://shop.example");
    expect(received).toEqual([]);
    expect(channel.origin()).toBeNull();

    frame.deliver(bannerData, "https://shop.example");
    expect(received).toEqual([bannerData]);
    expect(channel.origin()).toBe("https://shop.example");
    channel.send({ name: "banner-height", data: { height: 40 } });
    expect(frame.posted[1]).toEqual({
      message: { name: "banner-height", type: "BANNER", data: { height: 40 } },
      target: "https://shop.example",
    });
  });

  test("without a referrer the announcement goes to any origin, and the first valid host message pins its origin", () => {
    const frame = fakeFrame("");
    const { channel, received } = bannerChannel(frame);
    channel.start((message) => received.push(message));
    expect(frame.posted[0]?.target).toBe("*");
    frame.deliver({ name: "nonsense" }, "https://first.example");
    expect(channel.origin()).toBeNull();
    frame.deliver(bannerData, "https://app.example");
    frame.deliver(bannerData, "https://other.example");
    expect(received).toHaveLength(1);
    expect(channel.origin()).toBe("https://app.example");
    channel.send({ name: "banner-close" });
    expect(frame.posted[1]?.target).toBe("https://app.example");
  });

  test("stop removes the listener", () => {
    const frame = fakeFrame("https://shop.example/");
    const { channel, received } = bannerChannel(frame);
    const stop = channel.start((message) => received.push(message));
    stop();
    frame.deliver(bannerData, "https://shop.example");
    expect(received).toEqual([]);
  });

  test("after the page's script announced the frame, the host's messages that came first are handled at start, once", () => {
    const frame = fakeFrame("https://shop.example/");
    const announcement = JSON.stringify({ name: "banner-loaded", type: "BANNER" });
    new Function("window", frameInboxScript(announcement))(frame.view);
    expect(frame.posted).toEqual([{ message: JSON.parse(announcement), target: "https://shop.example" }]);
    // The host answers while the app is still loading; one answer comes from the wrong origin.
    frame.deliver(bannerData, "https://evil.example");
    frame.deliver(bannerData, "https://shop.example");

    const { channel, received } = bannerChannel(frame);
    channel.start((message) => received.push(message));
    expect(received).toEqual([bannerData]);
    expect(channel.origin()).toBe("https://shop.example");
    expect(frame.posted).toHaveLength(1); // not announced twice

    const later = { ...bannerData, data: { title: "Later" } };
    frame.deliver(later, "https://shop.example");
    expect(received).toEqual([bannerData, later]);
  });

  test("when the page's script could not post, the channel announces the frame itself, once", () => {
    const frame = fakeFrame("https://shop.example/");
    const refusing = {
      postMessage() {
        throw new Error("the parent went away");
      },
    };
    Object.assign(frame.view, { parent: refusing });
    new Function("window", frameInboxScript(JSON.stringify({ name: "banner-loaded", type: "BANNER" })))(
      frame.view,
    );
    Object.assign(frame.view, { parent: frame.parent });
    const { channel } = bannerChannel(frame);
    channel.start(() => {});
    expect(frame.posted).toEqual([
      { message: { name: "banner-loaded", type: "BANNER" }, target: "https://shop.example" },
    ]);
  });
});
