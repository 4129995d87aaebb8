import { describe, expect, test } from "bun:test";
import { externalPlaceholder, externalResources } from "./external-resources.ts";
import { replayEventsWithResources } from "./replay-resources.ts";

const own = ["https://admin.test"];
const t = "https://tracker.test";

/** A recorded page as rrweb serializes it (rrweb-snapshot's node types: 0 document, 2 element, 3 text). */
function recording() {
  return [
    { type: 4, timestamp: 1, data: { href: "https://acme.test/page", width: 800, height: 600 } },
    {
      type: 2,
      timestamp: 2,
      data: {
        node: {
          type: 0,
          id: 1,
          childNodes: [
            {
              type: 2,
              id: 2,
              tagName: "html",
              attributes: {},
              childNodes: [
                {
                  type: 2,
                  id: 3,
                  tagName: "head",
                  attributes: {},
                  childNodes: [
                    {
                      type: 2,
                      id: 4,
                      tagName: "style",
                      attributes: {},
                      childNodes: [
                        { type: 3, id: 5, textContent: `body{background:url(${t}/style-text.png)}` },
                      ],
                    },
                    {
                      type: 2,
                      id: 6,
                      tagName: "link",
                      attributes: { rel: "stylesheet", href: `${t}/site.css` },
                      childNodes: [],
                    },
                    {
                      type: 2,
                      id: 7,
                      tagName: "link",
                      attributes: { rel: "stylesheet", _cssText: `a{background:url(${t}/inlined.png)}` },
                      childNodes: [],
                    },
                    {
                      type: 2,
                      id: 8,
                      tagName: "meta",
                      attributes: { "http-equiv": "refresh", content: `0;url=${t}/refresh` },
                      childNodes: [],
                    },
                  ],
                },
                {
                  type: 2,
                  id: 9,
                  tagName: "body",
                  attributes: { style: `background-image:url(${t}/body.png)` },
                  childNodes: [
                    {
                      type: 2,
                      id: 10,
                      tagName: "img",
                      attributes: { src: `${t}/a.png`, srcset: `${t}/a2.png 2x`, alt: "url(kept)" },
                      childNodes: [],
                    },
                    {
                      type: 2,
                      id: 11,
                      tagName: "img",
                      attributes: { src: "/relative.png", rr_dataURL: `${t}/data-url.png` },
                      childNodes: [],
                    },
                    {
                      type: 2,
                      id: 12,
                      tagName: "video",
                      attributes: { src: `${t}/v.webm`, poster: `${t}/poster.png` },
                      childNodes: [],
                    },
                    {
                      type: 2,
                      id: 13,
                      tagName: "iframe",
                      attributes: { srcdoc: `<img src=${t}/srcdoc.png>`, src: `${t}/frame` },
                      childNodes: [],
                    },
                    {
                      type: 2,
                      id: 14,
                      tagName: "image",
                      isSVG: true,
                      attributes: { "xlink:href": `${t}/svg.png` },
                      childNodes: [],
                    },
                    {
                      type: 2,
                      id: 15,
                      tagName: "a",
                      attributes: { href: `${t}/followed-on-click` },
                      childNodes: [],
                    },
                    {
                      type: 2,
                      id: 16,
                      tagName: "img",
                      attributes: { src: "https://admin.test/api/files/uploads/own.png" },
                      childNodes: [],
                    },
                  ],
                },
              ],
            },
          ],
        },
        initialOffset: { top: 0, left: 0 },
      },
    },
    {
      type: 3,
      timestamp: 3,
      data: {
        source: 0,
        adds: [
          {
            parentId: 9,
            nextId: null,
            node: { type: 2, id: 20, tagName: "img", attributes: { src: `${t}/added.png` }, childNodes: [] },
          },
          // A text node under a <style>, without rrweb's isStyle mark: still CSS to the browser.
          {
            parentId: 4,
            nextId: null,
            node: { type: 3, id: 21, textContent: `p{background:url(${t}/added-style.png)}` },
          },
        ],
        removes: [],
        texts: [
          { id: 5, value: `body{background:url(${t}/changed-style.png)}` },
          { id: 99, value: "a paragraph about url(https://tracker.test/plain-text)" },
        ],
        attributes: [
          {
            id: 10,
            attributes: {
              src: `${t}/changed.png`,
              style: { background: `url(${t}/style-object.png)`, color: ["red", "important"] },
            },
          },
          { id: 15, attributes: { href: `${t}/still-a-link` } },
        ],
      },
    },
    {
      type: 3,
      timestamp: 4,
      data: {
        source: 8,
        id: 4,
        adds: [{ rule: `i{background:url(${t}/rule.png)}`, index: 0 }],
        replace: `@import "${t}/replace.css";`,
      },
    },
    {
      type: 3,
      timestamp: 5,
      data: {
        source: 13,
        id: 4,
        index: [0],
        set: { property: "background", value: `url(${t}/declaration.png)` },
      },
    },
    {
      type: 3,
      timestamp: 6,
      data: {
        source: 15,
        id: 1,
        styleIds: [1],
        styles: [{ styleId: 1, rules: [{ rule: `b{background:url(${t}/adopted.png)}` }] }],
      },
    },
    {
      type: 3,
      timestamp: 7,
      data: {
        source: 10,
        family: "Tracked",
        fontSource: `url(${t}/font.woff2)`,
        buffer: false,
        descriptors: {},
      },
    },
  ];
}

describe("replayEventsWithResources", () => {
  test("held back, no event keeps an external address the replayer would fetch, and all are counted", () => {
    const events = recording();
    const original = JSON.stringify(events);
    const resources = externalResources({ own, base: "https://acme.test/page", allowExternal: false });
    const out = replayEventsWithResources(events, resources);
    const text = JSON.stringify(out);
    // Links are followed on a click only, text is text, and a refresh without its http-equiv is inert.
    const inert = ["followed-on-click", "still-a-link", "plain-text", "refresh"];
    for (const kept of inert) expect(text).toContain(`${t}/${kept}`);
    const fetched = inert.reduce((rest, kept) => rest.replaceAll(`${t}/${kept}`, ""), text);
    expect(fetched).not.toContain("tracker.test");
    expect(fetched).not.toContain("acme.test/relative.png");
    expect(text).toContain("https://admin.test/api/files/uploads/own.png");
    // The given events are the admin's to load later, unchanged.
    expect(JSON.stringify(events)).toBe(original);
    expect(resources.found.size).toBe(22);

    const body = (
      out[1] as {
        data: {
          node: {
            childNodes: Array<{
              childNodes: Array<{ childNodes: Array<{ attributes: Record<string, unknown> }> }>;
            }>;
          };
        };
      }
    ).data.node.childNodes[0]?.childNodes[1]?.childNodes;
    expect(body?.[0]?.attributes.src).toBe(externalPlaceholder);
    expect(body?.[0]?.attributes.alt).toBe("url(kept)");
    expect(body?.[2]?.attributes.src).toBeNull();
    expect(body?.[3]?.attributes.srcdoc).toBeNull();
    const change = (
      out[2] as { data: { attributes: Array<{ attributes: { style: Record<string, unknown> } }> } }
    ).data.attributes[0]?.attributes.style;
    expect(change?.color).toEqual(["red", "important"]);
  });

  test("allowed, the addresses stay, made absolute against the recorded page", () => {
    const resources = externalResources({ own, base: "https://acme.test/page", allowExternal: true });
    const text = JSON.stringify(replayEventsWithResources(recording(), resources));
    expect(text).toContain(`${t}/a.png`);
    expect(text).toContain("https://acme.test/relative.png");
    expect(text).toContain('"http-equiv":null');
  });

  test("events of the wrong shape are left for rrweb to ignore", () => {
    const resources = externalResources({ own, base: "https://acme.test/", allowExternal: false });
    const odd = [
      null,
      5,
      { type: 2 },
      { type: 2, data: { node: { type: 2, tagName: 7, attributes: [] } } },
      { type: 3, data: { source: 0, adds: "x", attributes: [null, { attributes: 3 }] } },
    ];
    expect(replayEventsWithResources(odd, resources)).toEqual(structuredClone(odd));
  });
});
