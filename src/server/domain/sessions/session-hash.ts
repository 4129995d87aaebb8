import { LRUCache } from "lru-cache";
import { hmacSha256, sameBytes, sameText } from "../../auth/native-crypto.ts";

/** `gleapHash` is an HMAC of `gleapId` under the server secret: a client can neither forge nor guess one. */
export function signSessionId(secret: string, gleapId: string): string {
  return hmacSha256(secret, gleapId, "hex");
}

export function verifySessionHash(secret: string, gleapId: string, gleapHash: string): boolean {
  return sameText(gleapHash, signSessionId(secret, gleapId));
}

/**
 * `verifySessionHash` with each id's expected hash kept (the HMAC was a few per cent of a ping): the
 * comparison stays constant-time, only the HMAC of an id seen lately is not computed again. As many
 * ids as the widget's lookup cache keeps sessions, the least recently used out first.
 */
export function createSessionHashVerifier(
  secret: string,
  remembered = 100_000,
): (gleapId: string, gleapHash: string) => boolean {
  const expectedOf = new LRUCache<string, Buffer>({ max: remembered });
  return (gleapId, gleapHash) => {
    let expected = expectedOf.get(gleapId);
    if (!expected) {
      expected = Buffer.from(signSessionId(secret, gleapId));
      expectedOf.set(gleapId, expected);
    }
    return sameBytes(Buffer.from(gleapHash), expected);
  };
}
