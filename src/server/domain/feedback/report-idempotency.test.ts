import { expect, test } from "bun:test";
import { idempotencyScope, keyedSendKind, readIdempotencyKey, reportBodyHash } from "./report-idempotency.ts";

const read = (value?: string) =>
  readIdempotencyKey(new Headers(value === undefined ? {} : { "Idempotency-Key": value }));

test("a report without the header has no key", () => {
  expect(read()).toEqual({ ok: true, key: null });
});

test("a UUID or another printable token is the key, as sent", () => {
  expect(read("0192f1c4-7a3b-7c00-8e2d-5f6a7b8c9d0e")).toEqual({
    ok: true,
    key: "0192f1c4-7a3b-7c00-8e2d-5f6a7b8c9d0e",
  });
  expect(read("r:42/a_b")).toEqual({ ok: true, key: "r:42/a_b" });
});

test("an empty, spaced, non-ASCII or overlong key is refused", () => {
  for (const bad of ["", "a b", "schlüssel", "x".repeat(129)]) expect(read(bad).ok).toBe(false);
  expect(read("x".repeat(128)).ok).toBe(true);
});

test("a key belongs to its session, or without one to its client address, never held as such", () => {
  expect(idempotencyScope({ sessionId: "s-1", ip: "203.0.113.9" }, "secret")).toBe("session:s-1");
  const address = idempotencyScope({ sessionId: null, ip: "203.0.113.9" }, "secret");
  expect(address).toMatch(/^address:[0-9a-f]{32}$/);
  expect(address).not.toContain("203.0.113.9");
  expect(idempotencyScope({ sessionId: null, ip: "203.0.113.9" }, "secret")).toBe(address);
  expect(idempotencyScope({ sessionId: null, ip: "203.0.113.10" }, "secret")).not.toBe(address);
  expect(idempotencyScope({ sessionId: null, ip: "203.0.113.9" }, "other secret")).not.toBe(address);
});

test("the same body under a used key is a repeat, another body a conflict; an unhashed report repeats", () => {
  const hash = reportBodyHash(new TextEncoder().encode('{"type":"BUG"}'));
  expect(hash).toMatch(/^[0-9a-f]{64}$/);
  expect(keyedSendKind(hash, reportBodyHash(new TextEncoder().encode('{"type":"BUG"}')))).toBe("repeat");
  expect(keyedSendKind(hash, reportBodyHash(new TextEncoder().encode('{"type":"CRASH"}')))).toBe("conflict");
  expect(keyedSendKind(null, hash)).toBe("repeat");
});
