import { Secret, TOTP } from "otpauth";

/** RFC 6238 codes: 6 digits, 30 s steps; one step of clock drift either way is accepted. */
const issuer = "Morph Admin";

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpFor(secret: string, label: string): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: "SHA1",
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secret),
  });
}

export function totpUri(secret: string, label: string): string {
  return totpFor(secret, label).toString();
}

export function verifyTotp(secret: string, code: string, timestamp = Date.now()): boolean {
  if (!/^\d{6}$/.test(code)) return false;
  return totpFor(secret, "").validate({ token: code, timestamp, window: 1 }) !== null;
}

/** The current code (tests and the demo use it). */
export function currentTotp(secret: string, timestamp = Date.now()): string {
  return totpFor(secret, "").generate({ timestamp });
}
