import { describe, expect, test } from "bun:test";
import { boundedBody, maxKeptBytes, maxKeptReports } from "./report-bounds.ts";
import type { KeptReport } from "./report-outbox.ts";

/** A kept report of `bytes` bytes, as an earlier send left it. */
const keptOf = (key: string, bytes: number): KeptReport => ({
  key,
  sdkKey: "demo",
  body: { formData: { description: key } },
  keptAt: 1,
  bytes,
});

describe("the outbox's bounds", () => {
  test("a report is kept as it is while the count and the bytes allow", () => {
    const body = { formData: { description: "hi" }, webReplay: { events: [1, 2, 3] } };
    const bounded = boundedBody(body, [keptOf("a", 1000)]);
    expect(bounded?.body).toBe(body);
    expect(bounded?.bytes).toBe(JSON.stringify(body).length);
  });

  test("past the count nothing more is kept", () => {
    const full = Array.from({ length: maxKeptReports }, (_, i) => keptOf(`k${i}`, 10));
    expect(boundedBody({ formData: {} }, full)).toBeNull();
    expect(boundedBody({ formData: {} }, full.slice(1))).not.toBeNull();
  });

  test("a report larger than the room left is trimmed (replay, then the picture, then the snapshot); what the visitor wrote stays", () => {
    const formData = { description: "the pay button hangs" };
    const body = {
      formData,
      screenshotData: { html: "<p>page</p>", image: "x".repeat(300) },
      webReplay: { events: ["y".repeat(500)] },
    };
    const size = (value: unknown) => JSON.stringify(value).length;
    const room = (left: number) => [keptOf("big", maxKeptBytes - left)];
    const noReplay = boundedBody(body, room(size(body) - 100));
    expect(noReplay?.body).toEqual({ formData, screenshotData: body.screenshotData });
    const noImage = boundedBody(body, room(size({ formData, screenshotData: { html: "<p>page</p>" } })));
    expect(noImage?.body).toEqual({ formData, screenshotData: { html: "<p>page</p>" } });
    const bare = boundedBody(body, room(size({ formData }) + 5));
    expect(bare?.body).toEqual({ formData });
    expect(bare?.bytes).toBe(size({ formData }));
    expect(boundedBody(body, room(size({ formData }) - 1))).toBeNull();
  });

  test("sizes are UTF-8 bytes, and entries kept without a size are measured", () => {
    const body = { formData: { description: "äöü" } };
    expect(boundedBody(body, [])?.bytes).toBe(new TextEncoder().encode(JSON.stringify(body)).length);
    const unsized = {
      ...keptOf("old", 0),
      bytes: undefined,
      body: { formData: { description: "z".repeat(200) } },
    };
    const nearlyFull = keptOf("near", maxKeptBytes - 150);
    expect(boundedBody({ formData: {} }, [nearlyFull])).not.toBeNull();
    expect(boundedBody({ formData: {} }, [nearlyFull, unsized])).toBeNull();
  });
});
