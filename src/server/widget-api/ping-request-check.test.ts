import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { validateUntrusted } from "../../shared/untrusted-validation.ts";
import { PingRequest } from "../../shared/widget-session-api.ts";
import { surelyPingRequest } from "./ping-request-check.ts";

const event = fc.record(
  {
    name: fc.oneof(fc.string({ maxLength: 260 }), fc.integer(), fc.constant(null)),
    date: fc.oneof(fc.string(), fc.integer()),
    data: fc.jsonValue(),
    extra: fc.string(),
  },
  { requiredKeys: [] },
);

const body = fc.oneof(
  fc.record(
    {
      time: fc.oneof(fc.double(), fc.integer(), fc.string()),
      events: fc.oneof(fc.array(event, { maxLength: 4 }), fc.constant(null), fc.jsonValue()),
      opened: fc.oneof(fc.boolean(), fc.string()),
      type: fc.oneof(fc.string(), fc.integer()),
      sdkVersion: fc.oneof(fc.string({ maxLength: 40 }), fc.boolean()),
      ws: fc.oneof(fc.boolean(), fc.constant(0)),
      unknown: fc.jsonValue(),
    },
    { requiredKeys: [] },
  ),
  fc.jsonValue(),
);

describe("surelyPingRequest", () => {
  test("accepts only what PingRequest accepts, and reads it the same", () => {
    fc.assert(
      fc.property(body, (value) => {
        const fast = surelyPingRequest(structuredClone(value));
        const [error, slow] = validateUntrusted(structuredClone(value), PingRequest, { coerce: true });
        if (fast !== null) {
          expect(error).toBeUndefined();
          expect(fast).toEqual(slow as PingRequest);
        }
      }),
      { numRuns: 5000 },
    );
  });

  test("accepts what the SDK sends", () => {
    const sent = {
      time: 30,
      type: "js",
      sdkVersion: "14.6.7",
      ws: true,
      events: [
        { name: "pageView", date: "2026-01-01T00:00:00.000Z", data: { page: "https://shop.example/" } },
      ],
    };
    expect(surelyPingRequest(sent)).toEqual(sent);
    expect(surelyPingRequest({})).toEqual({ events: [] });
    expect(surelyPingRequest({ events: [{ name: "" }] })).toBeNull();
    expect(surelyPingRequest({ surprise: 1 })).toBeNull();
  });
});
