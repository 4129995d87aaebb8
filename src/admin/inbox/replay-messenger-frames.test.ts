import { describe, expect, test } from "bun:test";
import { recordedElement } from "../../shared/test-support/recorded-element.ts";
import { withMessengerPlaceholders } from "./replay-messenger-frames.ts";

const own = ["https://admin.example.com", "https://messenger.example.com"];
const label = "Messenger — not recorded";

const page = recordedElement(3, "html", {}, [
  recordedElement(4, "body", {}, [
    recordedElement(5, "iframe", {
      rr_src: "https://messenger.example.com/?sdkKey=demo",
      class: "gleap-frame",
      width: "400",
    }),
    recordedElement(6, "iframe", { rr_src: "https://video.example.org/embed/1", class: "video" }),
    recordedElement(7, "iframe", {
      src: "https://admin.example.com/banner",
      style: "position:fixed;height:80px",
    }),
  ]),
]);

describe("messenger frames in a replay", () => {
  test("our frames become labelled boxes of the same id, class and size; others stay frames", () => {
    const events = [
      { type: 4, timestamp: 1, data: { href: "https://acme.test/" } },
      { type: 2, timestamp: 2, data: { node: { type: 0, id: 1, childNodes: [page] } } },
    ];
    const [meta, full] = withMessengerPlaceholders(events, own, label);
    expect(meta).toBe(events[0]);
    const body = (
      full as unknown as { data: { node: { childNodes: [{ childNodes: [{ childNodes: unknown[] }] }] } } }
    ).data.node.childNodes[0].childNodes[0];
    const [messenger, video, banner] = body.childNodes as Array<ReturnType<typeof recordedElement>>;
    expect(messenger).toMatchObject({ type: 2, id: 5, tagName: "div" });
    expect(messenger?.attributes).toMatchObject({
      class: "gleap-frame",
      "data-morph-placeholder": "messenger",
    });
    expect(messenger?.attributes.style).toContain("width:400px;min-height:150px;");
    expect(messenger?.attributes).not.toHaveProperty("rr_src");
    expect(messenger?.childNodes).toEqual([{ type: 3, id: -1, textContent: label }]);
    expect(video).toEqual(
      recordedElement(6, "iframe", { rr_src: "https://video.example.org/embed/1", class: "video" }),
    );
    expect(banner?.tagName).toBe("div");
    // The page's own style comes last, so it keeps the frame's place and size.
    expect(String(banner?.attributes.style)).toMatch(/min-height:150px;position:fixed;height:80px$/);
    expect(banner?.childNodes).toEqual([{ type: 3, id: -2, textContent: label }]);
    // The report's events are left as they came.
    expect(JSON.stringify(events)).toContain('"tagName":"iframe","attributes":{"rr_src":"https://messenger');
  });

  test("a frame added later by a mutation is replaced too; other events pass unchanged", () => {
    const added = {
      type: 3,
      timestamp: 5,
      data: {
        source: 0,
        adds: [
          {
            parentId: 4,
            nextId: null,
            node: recordedElement(9, "iframe", { rr_src: "https://messenger.example.com/" }),
          },
          "not an add",
        ],
        removes: [],
        texts: [],
        attributes: [],
      },
    };
    const scroll = { type: 3, timestamp: 6, data: { source: 3, id: 1, x: 0, y: 10 } };
    const [changed, same] = withMessengerPlaceholders([added, scroll], own, label);
    expect(same).toBe(scroll);
    const adds = (changed as typeof added).data.adds;
    expect(adds[0]).toMatchObject({ parentId: 4, node: { id: 9, tagName: "div" } });
    expect(adds[1]).toBe("not an add");
  });

  test("hostile shapes are passed through", () => {
    const odd = [
      null,
      3,
      { type: 2 },
      { type: 2, data: { node: "x" } },
      { type: 3, data: { source: 0, adds: "x" } },
    ];
    expect(withMessengerPlaceholders(odd, own, label)).toEqual(odd);
  });
});
