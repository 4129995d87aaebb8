import { createHmac, timingSafeEqual } from "node:crypto";

/** `gleapHash` is an HMAC of `gleapId` under the server secret: a client can neither forge nor guess one. */
export function signSessionId(secret: string, gleapId: string): string {
  return createHmac("sha256", secret).update(gleapId).digest("hex");
}

export function verifySessionHash(secret: string, gleapId: string, gleapHash: string): boolean {
  const expected = Buffer.from(signSessionId(secret, gleapId));
  const given = Buffer.from(gleapHash);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
