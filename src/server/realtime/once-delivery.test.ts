import { describe, expect, test } from "bun:test";
import { onceDelivery } from "./once-delivery.ts";

/** Deliveries with the envelope `id` of this process published, its publish not answered yet. */
function publishing(id: string) {
  const once = onceDelivery();
  once.sending(id);
  return once;
}

describe("an own envelope published while the subscription comes back", () => {
  test("relayed before the publish is answered: Redis delivers it, the publisher does not", () => {
    const once = publishing("p:1");
    expect(once.heard("p:1")).toBe(true);
    expect(once.sent("p:1")).toBe(false);
  });

  test("answered before any relay: the publisher delivers it, and a late relay is dropped once", () => {
    const once = publishing("p:1");
    expect(once.sent("p:1")).toBe(true);
    expect(once.heard("p:1")).toBe(false);
    // Forgotten once dropped: an id is never relayed twice, and the set does not grow.
    expect(once.heard("p:1")).toBe(true);
  });

  test("a failed publish leaves nothing behind", () => {
    const once = publishing("p:1");
    expect(once.heard("p:1")).toBe(true);
    once.failed("p:1");
    once.sending("p:1");
    expect(once.sent("p:1")).toBe(true);
  });

  test("envelopes of other processes, or without an id, are always delivered", () => {
    const once = publishing("p:1");
    expect(once.heard("q:1")).toBe(true);
    expect(once.heard(undefined)).toBe(true);
    expect(once.sent("p:1")).toBe(true);
  });

  test("only the last thousand hand deliveries are remembered through a long outage", () => {
    const once = onceDelivery();
    for (let index = 0; index < 1001; index++) {
      once.sending(`p:${index}`);
      once.sent(`p:${index}`);
    }
    expect(once.heard("p:0")).toBe(true);
    expect(once.heard("p:1")).toBe(false);
    expect(once.heard("p:1000")).toBe(false);
  });
});
