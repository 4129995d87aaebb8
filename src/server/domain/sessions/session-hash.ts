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

/**
 * `verifySessionHash` with each id's expected hash kept (the HMAC was a few per cent of a ping): the
 * comparison stays constant-time, only the HMAC of an id seen lately is not computed again.
 */
export function createSessionHashVerifier(
  secret: string,
  remembered = 20_000,
): (gleapId: string, gleapHash: string) => boolean {
  const expectedOf = new Map<string, Buffer>();
  return (gleapId, gleapHash) => {
    let expected = expectedOf.get(gleapId);
    if (!expected) {
      expected = Buffer.from(signSessionId(secret, gleapId));
      // Oldest first out: Map keeps insertion order.
      if (expectedOf.size >= remembered) expectedOf.delete(expectedOf.keys().next().value as string);
      expectedOf.set(gleapId, expected);
    }
    const given = Buffer.from(gleapHash);
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
}
