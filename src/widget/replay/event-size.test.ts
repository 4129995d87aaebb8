import { describe, expect, test } from "bun:test";
import { limitEvent, maxEventChars, mayBeLarge, placeholderImage, stripDataUrls } from "./event-size.ts";

const big = (length: number) => "A".repeat(length);

describe("data URLs in replay events", () => {
  test("pictures become the 1×1 placeholder, other data URLs are removed", () => {
    const json = JSON.stringify({
      img: `data:image/jpeg;base64,${big(20)}`,
      svg: "data:image/svg+xml;base64,PHN2Zz4=",
      css: `url(data:font/woff2;base64,${big(10)}) format("woff2")`,
      text: "data: not a url",
    });
    const stripped = JSON.parse(stripDataUrls(json));
    expect(stripped.img).toBe(placeholderImage);
    expect(stripped.svg).toBe(placeholderImage);
    expect(stripped.css).toBe('url() format("woff2")');
    expect(stripped.text).toBe("data: not a url");
  });

  test("an event over 4,000,000 characters is stripped; one under the limit is kept as it is", () => {
    const small = { type: 2, data: { node: { src: `data:image/png;base64,${big(1000)}` } }, timestamp: 1 };
    const kept = limitEvent(small);
    expect(kept.event).toBe(small);
    expect(kept.chars).toBe(JSON.stringify(small).length);

    const huge = {
      type: 3,
      data: {
        source: 0,
        adds: [{ node: { attributes: { src: `data:image/png;base64,${big(maxEventChars)}` } } }],
      },
      timestamp: 2,
    };
    const limited = limitEvent(huge);
    expect(limited.event).not.toBe(huge);
    expect(limited.event.data.adds[0]?.node.attributes.src).toBe(placeholderImage);
    expect(limited.chars).toBeLessThan(1000);
    expect(limited.chars).toBe(JSON.stringify(limited.event).length);
  });

  test("an event exactly at the limit is kept", () => {
    const base = { type: 5, data: { tag: "x", payload: "" }, timestamp: 1 };
    const filler = maxEventChars - JSON.stringify(base).length;
    const event = { ...base, data: { tag: "x", payload: `data:image/png;base64,${big(filler - 22)}` } };
    expect(JSON.stringify(event).length).toBe(maxEventChars);
    expect(limitEvent(event).event).toBe(event);
  });

  test("mouse moves, clicks, scrolls and inputs are never serialised to be measured", () => {
    for (const source of [1, 2, 3, 4, 6, 7, 11, 12, 14])
      expect(mayBeLarge({ type: 3, data: { source } })).toBe(false);
    for (const source of [0, 8, 9, 10, 13, 15]) expect(mayBeLarge({ type: 3, data: { source } })).toBe(true);
    expect(mayBeLarge({ type: 2 })).toBe(true);
    expect(mayBeLarge({ type: 4 })).toBe(false);
  });
});
