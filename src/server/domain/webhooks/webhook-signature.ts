import { hmacSha256, randomBytes, sameText } from "../../auth/native-crypto.ts";

/**
 * The signature a receiver checks: HMAC-SHA256 with the webhook's secret over `{timestamp}.{body}`
 * (the timestamp in seconds, as sent in `X-Morph-Timestamp`), written `sha256=<hex>`. The timestamp is
 * inside what is signed, so a receiver that refuses old timestamps cannot be fed a recorded delivery.
 */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `sha256=${hmacSha256(secret, `${timestamp}.${body}`, "hex")}`;
}

/** What a receiver does (docs/webhooks.md shows it); the tests' receivers check deliveries with it. */
export function verifyWebhook(secret: string, timestamp: number, body: string, signature: string): boolean {
  return sameText(signature, signWebhook(secret, timestamp, body));
}

/** A new signing secret: 32 random bytes, prefixed so a leaked one is recognisable in a scan. */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString("base64url")}`;
