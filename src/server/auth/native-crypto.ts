/**
 * The server's hashes, HMACs, random tokens and constant-time comparisons, on Bun's native crypto
 * (`Bun.CryptoHasher`, the Web Crypto global): importing `node:crypto` loaded Node's streams with it,
 * about 10 ms of every start.
 */

export const sha256Hex = (text: string): string => new Bun.CryptoHasher("sha256").update(text).digest("hex");

/** HMAC-SHA256 of `text` with the key `secret` (its UTF-8 bytes). */
export function hmacSha256(secret: string, text: string): Buffer;
export function hmacSha256(secret: string, text: string, encoding: "hex" | "base64url"): string;
export function hmacSha256(secret: string, text: string, encoding?: "hex" | "base64url"): Buffer | string {
  const mac = new Bun.CryptoHasher("sha256", secret).update(text).digest();
  return encoding ? mac.toString(encoding) : mac;
}

/** `count` bytes from the system's secure random source. */
export const randomBytes = (count: number): Buffer =>
  Buffer.from(crypto.getRandomValues(new Uint8Array(count)));

/** A uniform whole number in [0, `bound`), `bound` at most 2^32: draws again past the last whole multiple. */
export function randomBelow(bound: number): number {
  if (!Number.isInteger(bound) || bound <= 0 || bound > 2 ** 32) throw new RangeError(`bad bound ${bound}`);
  const limit = 2 ** 32 - (2 ** 32 % bound);
  const draw = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(draw);
    if ((draw[0] as number) < limit) return (draw[0] as number) % bound;
  }
}

/** Whether two byte strings are equal, in a time that depends only on their lengths. */
export const sameBytes = (given: Uint8Array, expected: Uint8Array): boolean =>
  given.length === expected.length && crypto.timingSafeEqual(given, expected);

/** `sameBytes` of two texts' UTF-8 bytes: a secret typed or sent against the one expected. */
export const sameText = (given: string, expected: string): boolean =>
  sameBytes(Buffer.from(given), Buffer.from(expected));
