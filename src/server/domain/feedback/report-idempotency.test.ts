import { expect, test } from "bun:test";
import { readIdempotencyKey } from "./report-idempotency.ts";

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
