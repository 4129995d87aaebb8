import { hmacSha256 } from "../../auth/native-crypto.ts";

/** The request header a report's sender names the report with (the widget makes one per report). */
export const idempotencyHeader = "idempotency-key";

/** Printable ASCII without spaces, as a UUID or any other opaque token is; at most 128 characters. */
const keyPattern = /^[\x21-\x7e]{1,128}$/;

export type IdempotencyKeyResult = { ok: true; key: string | null } | { ok: false; error: string };

/**
 * The report's idempotency key from its request: none when the header is absent (older SDKs and the
 * reference send none, and each of their sends is a report of its own), refused when malformed.
 */
export function readIdempotencyKey(headers: Headers): IdempotencyKeyResult {
  const value = headers.get(idempotencyHeader);
  if (value === null) return { ok: true, key: null };
  if (!keyPattern.test(value))
    return { ok: false, error: "Idempotency-Key must be 1 to 128 printable ASCII characters without spaces" };
  return { ok: true, key: value };
}

/**
 * Whose key it is: a key only ever finds reports of the sender that used it, so nobody else's key can
 * answer a report with another sender's record or swallow it. The sender is the widget session; a
 * report sent without one (the SDK key alone) belongs to its client address, kept as a keyed hash so
 * the stored report does not hold the address itself.
 */
export function idempotencyScope(sender: { sessionId: string | null; ip: string }, secret: string): string {
  if (sender.sessionId !== null) return `session:${sender.sessionId}`;
  const address = hmacSha256(secret, `report-sender ${sender.ip}`, "hex");
  return `address:${address.slice(0, 32)}`;
}

/** The body's SHA-256 (hex): a repeat of a report sends the same bytes, another report does not. */
export function reportBodyHash(body: Uint8Array): string {
  return new Bun.CryptoHasher("sha256").update(body).digest("hex");
}

export const reusedKeyMessage =
  "This Idempotency-Key was already used for a different report; send a new report with a new key";

/**
 * What a send under a key its sender already stored a report with is: the same body again is a
 * repeat (the first send's answer got lost) and is answered with that report; another body is a
 * different report under a reused key, refused. A report stored before bodies were hashed has no
 * hash: its sender's repeat is taken as one, as it was then.
 */
export function keyedSendKind(storedHash: string | null, bodyHash: string): "repeat" | "conflict" {
  return storedHash === null || storedHash === bodyHash ? "repeat" : "conflict";
}
