import { type Challenge, solveChallenge } from "altcha-lib";
// The web variant uses WebCrypto; the plain "sha" one imports node:crypto, which would ship a ~100 KB polyfill.
import { deriveKey } from "altcha-lib/algorithms/web/sha";

/**
 * Solves a signed ALTCHA challenge in the browser. Kept in its own module so the proof-of-work code is
 * a lazy chunk, fetched only when the server's provider is ALTCHA.
 */
export async function solveAltcha(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("captcha failed");
  return btoa(JSON.stringify({ challenge, solution }));
}
