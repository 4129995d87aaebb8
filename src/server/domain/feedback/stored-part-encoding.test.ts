import { describe, expect, test } from "bun:test";
import { gzipSync } from "node:zlib";
import { realisticReport200k } from "../../test-support/realistic-report.ts";
import { compressPart, expandPart, expandPartText } from "./stored-part-encoding.ts";

const text = `<!doctype html><p>${"ünïcode snapshot ".repeat(2000)}</p>`;
const bytesOf = (value: string) => new TextEncoder().encode(value);

describe("stored part encoding", () => {
  test("a compressed part is a zstd frame that expands to the text", () => {
    const stored = compressPart(text);
    expect([...stored.subarray(0, 4)]).toEqual([0x28, 0xb5, 0x2f, 0xfd]);
    expect(expandPartText(stored)).toBe(text);
    expect(expandPart(compressPart(bytesOf(text)))).toEqual(Buffer.from(text));
  });

  test("a gzip part (replays stored before) and a plain one (snapshots stored before) read as they were", () => {
    expect(expandPartText(gzipSync(text))).toBe(text);
    expect(expandPartText(bytesOf(text))).toBe(text);
    expect(expandPartText(bytesOf(""))).toBe("");
    expect(expandPartText(bytesOf("{"))).toBe("{");
  });

  test("a realistic 200 KB report compresses to at most 0.3× its size", () => {
    const body = realisticReport200k();
    const ratio = compressPart(body).byteLength / Buffer.byteLength(body);
    expect(ratio).toBeLessThanOrEqual(0.3);
    expect(ratio).toBeGreaterThan(0.05);
  });
});
