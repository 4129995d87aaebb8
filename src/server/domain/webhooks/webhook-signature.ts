import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * The signature a receiver checks: HMAC-SHA256 with the webhook's secret over `{timestamp}.{body}`
 * (the timestamp in seconds, as sent in `X-Morph-Timestamp`), written `sha256=<hex>`. The timestamp is
 * inside what is signed, so a receiver that refuses old timestamps cannot be fed a recorded delivery.
 */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}

/** What a receiver does (docs/webhooks.md shows it); the tests' receivers check deliveries with it. */
export function verifyWebhook(secret: string, timestamp: number, body: string, signature: string): boolean {
  const expected = Buffer.from(signWebhook(secret, timestamp, body));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A new signing secret: 32 random bytes, prefixed so a leaked one is recognisable in a scan. */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString("base64url")}`;
