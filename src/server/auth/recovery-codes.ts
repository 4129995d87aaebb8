import { sameText, sha256Hex } from "./native-crypto.ts";

/**
 * MFA recovery codes: shown once when MFA is turned on, stored only as a hash, and typed back with or
 * without dashes, in either case.
 */

const normalizeRecovery = (code: string) => code.toUpperCase().replace(/[^A-Z0-9]/g, "");

/** A recovery code a person can type: 4 groups of 4 letters and digits. */
export function newRecoveryCode(): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const chars = [...bytes].map((byte) => alphabet[byte % alphabet.length]).join("");
  return chars.match(/.{4}/g)?.join("-") ?? chars;
}

/** What is stored of a recovery code. */
export const recoveryCodeHash = (code: string): string => sha256Hex(normalizeRecovery(code));

/** Whether a typed recovery code is the one whose hash is stored (compared in constant time). */
export function recoveryCodeMatches(code: string, storedHash: string): boolean {
  return sameText(recoveryCodeHash(code), storedHash);
}
