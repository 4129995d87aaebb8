import { hmacSha256, sameText } from "../../auth/native-crypto.ts";

/**
 * Identity verification: `userHash` is the HMAC-SHA256 (hex, either case) of the user id under the
 * project's secret, the secret's text being the key. The install panel's examples sign ids this way
 * (src/admin/projects/widget-snippet.ts, whose test runs them against this function).
 */
export function verifyUserHash(secret: string, userId: string, userHash: string | null | undefined): boolean {
  if (!userHash) return false;
  return sameText(userHash.toLowerCase(), hmacSha256(secret, userId, "hex"));
}
