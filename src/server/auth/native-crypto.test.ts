import { describe, expect, test } from "bun:test";
import { createHash, createHmac } from "node:crypto";
import { hmacSha256, randomBelow, randomBytes, sameBytes, sameText, sha256Hex } from "./native-crypto.ts";

describe("the server's native crypto", () => {
  test("hashes and HMACs are node:crypto's, byte for byte, in every encoding", () => {
    for (const text of ["", "gleap-id 0193a1b2", "ünïcödé ✓ 🙂"]) {
      expect(sha256Hex(text)).toBe(createHash("sha256").update(text).digest("hex"));
      for (const secret of ["s", "a longer secret of the server ✓"]) {
        const node = createHmac("sha256", secret).update(text);
        const digest = node.digest();
        expect(hmacSha256(secret, text, "hex")).toBe(digest.toString("hex"));
        expect(hmacSha256(secret, text, "base64url")).toBe(digest.toString("base64url"));
        expect(hmacSha256(secret, text).equals(digest)).toBe(true);
      }
    }
  });

  test("random bytes are as many as asked, and differ", () => {
    expect(randomBytes(32)).toHaveLength(32);
    expect(randomBytes(16).toString("hex")).not.toBe(randomBytes(16).toString("hex"));
  });

  test("randomBelow stays in range, reaches every value of a small range, and refuses bad bounds", () => {
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i++) {
      const value = randomBelow(6);
      expect(value >= 0 && value < 6 && Number.isInteger(value)).toBe(true);
      seen.add(value);
    }
    expect([...seen].sort()).toEqual([0, 1, 2, 3, 4, 5]);
    expect(randomBelow(1)).toBe(0);
    for (let i = 0; i < 100; i++) expect(randomBelow(1_000_000)).toBeLessThan(1_000_000);
    for (const bad of [0, -1, 1.5, 2 ** 32 + 1]) expect(() => randomBelow(bad)).toThrow(RangeError);
  });

  test("equal only when every byte is, whatever the lengths", () => {
    expect(sameText("abc", "abc")).toBe(true);
    expect(sameText("abc", "abd")).toBe(false);
    expect(sameText("abc", "abcd")).toBe(false);
    expect(sameText("", "")).toBe(true);
    expect(sameBytes(Buffer.from([1, 2]), Buffer.from([1, 2]))).toBe(true);
    expect(sameBytes(Buffer.from([1, 2]), Buffer.from([1, 3]))).toBe(false);
  });
});
