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
