import { describe, expect, test } from "bun:test";
import { createLogBuffer } from "./log-buffer.ts";

describe("createLogBuffer", () => {
  test("keeps entries in push order while under the cap", () => {
    const buffer = createLogBuffer<number>(3);
    buffer.push(1);
    buffer.push(2);

    expect(buffer.entries()).toEqual([1, 2]);
  });

  test("drops the oldest entries beyond the cap", () => {
    const buffer = createLogBuffer<number>(3);
    for (let i = 1; i <= 5; i++) buffer.push(i);

    expect(buffer.entries()).toEqual([3, 4, 5]);
  });

  test("a cap of 500 keeps exactly the newest 500", () => {
    const buffer = createLogBuffer<number>(500);
    for (let i = 0; i < 501; i++) buffer.push(i);

    const entries = buffer.entries();
    expect(entries).toHaveLength(500);
    expect(entries[0]).toBe(1);
    expect(entries[499]).toBe(500);
  });

  test("entries() is a copy: changing it or pushing later does not change an earlier copy", () => {
    const buffer = createLogBuffer<string>(2);
    buffer.push("a");
    const copy = buffer.entries();
    copy.push("mutated");
    buffer.push("b");

    expect(copy).toEqual(["a", "mutated"]);
    expect(buffer.entries()).toEqual(["a", "b"]);
  });

  test("clear() empties the buffer and it keeps working afterwards", () => {
    const buffer = createLogBuffer<string>(2);
    buffer.push("a");
    buffer.clear();
    expect(buffer.entries()).toEqual([]);

    buffer.push("b");
    expect(buffer.entries()).toEqual(["b"]);
  });

  test("a zero, negative or NaN cap keeps nothing instead of growing without bound", () => {
    for (const max of [0, -1, Number.NaN]) {
      const buffer = createLogBuffer<number>(max);
      buffer.push(1);
      expect(buffer.entries()).toEqual([]);
    }
  });
});
