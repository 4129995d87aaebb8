import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Identity verification: `userHash` is the HMAC-SHA256 (hex, either case) of the user id under the
 * project's secret, the secret's text being the key. The install panel's examples sign ids this way
 * (src/admin/projects/widget-snippet.ts, whose test runs them against this function).
 */
export function verifyUserHash(secret: string, userId: string, userHash: string | null | undefined): boolean {
  if (!userHash) return false;
  const expected = Buffer.from(createHmac("sha256", secret).update(userId).digest("hex"));
  const given = Buffer.from(userHash.toLowerCase());
  return given.length === expected.length && timingSafeEqual(given, expected);
}
