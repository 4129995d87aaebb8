import { describe, expect, test } from "bun:test";
import { createHmac } from "node:crypto";
import { createSessionHashVerifier, signSessionId, verifySessionHash } from "./session-hash.ts";

const secret = "server-secret-0123456789";
const gleapId = "5f9c1e2a-visitor";

describe("session hash", () => {
  test("signSessionId is the hex HMAC-SHA256 of the id", () => {
    const hash = signSessionId(secret, gleapId);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).toBe(createHmac("sha256", secret).update(gleapId).digest("hex"));
    expect(signSessionId(secret, gleapId)).toBe(hash);
  });

  test("a signed id verifies", () => {
    expect(verifySessionHash(secret, gleapId, signSessionId(secret, gleapId))).toBe(true);
  });

  test("different ids and secrets sign differently", () => {
    expect(signSessionId(secret, "other-id")).not.toBe(signSessionId(secret, gleapId));
    expect(signSessionId("other-secret", gleapId)).not.toBe(signSessionId(secret, gleapId));
  });

  test("a hash made with another secret is refused", () => {
    expect(verifySessionHash(secret, gleapId, signSessionId("other-secret", gleapId))).toBe(false);
  });

  test("a hash for another id is refused", () => {
    expect(verifySessionHash(secret, gleapId, signSessionId(secret, "other-id"))).toBe(false);
  });

  test("a tampered hash is refused", () => {
    const hash = signSessionId(secret, gleapId);
    const flipped = `${hash.slice(0, -1)}${hash.endsWith("0") ? "1" : "0"}`;
    expect(flipped).toHaveLength(hash.length);
    expect(verifySessionHash(secret, gleapId, flipped)).toBe(false);
    expect(verifySessionHash(secret, gleapId, hash.toUpperCase())).toBe(false);
  });

  test("a hash of the wrong length is refused without throwing", () => {
    const hash = signSessionId(secret, gleapId);
    expect(verifySessionHash(secret, gleapId, hash.slice(0, -1))).toBe(false);
    expect(verifySessionHash(secret, gleapId, `${hash}0`)).toBe(false);
    expect(verifySessionHash(secret, gleapId, "")).toBe(false);
  });

  test("a same-length string with multi-byte characters is refused without throwing", () => {
    expect(verifySessionHash(secret, gleapId, "é".repeat(64))).toBe(false);
  });

  test("the remembering verifier answers like verifySessionHash, also once it forgot the oldest", () => {
    const verify = createSessionHashVerifier(secret, 2);
    // Twice: the second round finds "a" forgotten (two kept) and computes it again.
    for (let round = 0; round < 2; round++) {
      for (const id of ["a", "b", "c"]) {
        expect(verify(id, signSessionId(secret, id))).toBe(true);
        expect(verify(id, signSessionId(secret, `${id}x`))).toBe(false);
        expect(verify(id, signSessionId("other-secret", id))).toBe(false);
        expect(verify(id, "short")).toBe(false);
      }
    }
  });
});
