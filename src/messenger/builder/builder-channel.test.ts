import { describe, expect, test } from "bun:test";
import { createBuilderChannel, parentOrigin } from "./builder-channel.ts";

/** A frame window whose parent records what the frame posts, with a chosen referrer. */
function frameWindow(referrer: string) {
  const posted: Array<{ message: unknown; origin: string }> = [];
  const parent = {
    postMessage: (message: string, origin: string) => posted.push({ message: JSON.parse(message), origin }),
  };
  const target = new EventTarget();
  const view = Object.assign(target, { parent, document: { referrer } }) as unknown as Window;
  const receive = (source: unknown, origin: string, data: unknown) =>
    target.dispatchEvent(
      new MessageEvent("message", { source: source as Window, origin, data: JSON.stringify(data) }),
    );
  return { view, parent, posted, receive };
}

const data = {
  name: "data",
  type: "tourbuilder",
  data: {
    init: { kind: "tour", projectId: "p", itemId: "o", apiUrl: "http://a/api", builderToken: "t" },
    page: "http://site.test/",
  },
};

describe("the builder frame's channel", () => {
  test("announces itself to the embedding page's origin and takes its messages only", () => {
    const { view, parent, posted, receive } = frameWindow("http://site.test/shop?x=1");
    const channel = createBuilderChannel(view);
    const received: unknown[] = [];
    channel.start((message) => received.push(message));
    expect(posted).toEqual([{ message: { name: "init", type: "tourbuilder" }, origin: "http://site.test" }]);
    receive(parent, "http://evil.test", data);
    receive({}, "http://site.test", data);
    receive(parent, "http://site.test", { ...data, type: "admin" });
    expect(received).toEqual([]);
    receive(parent, "http://site.test", data);
    expect(received).toEqual([data]);
    channel.send({ name: "status-changed", data: { status: "editor" } });
    expect(posted[1]).toEqual({
      message: { name: "status-changed", type: "tourbuilder", data: { status: "editor" } },
      origin: "http://site.test",
    });
  });

  test("stays silent without a referrer: it cannot know where the token would go", () => {
    const { view, posted } = frameWindow("");
    createBuilderChannel(view).start(() => {});
    expect(posted).toEqual([]);
    expect(parentOrigin("about:blank")).toBeNull();
  });
});
