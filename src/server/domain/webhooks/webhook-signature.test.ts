import { expect, test } from "bun:test";
import { createHmac } from "node:crypto";
import { newWebhookSecret, signWebhook, verifyWebhook } from "./webhook-signature.ts";

const body = '{"id":"e1","type":"webhook.test","data":{}}';

test("the signature is HMAC-SHA256 of `{timestamp}.{body}` as hex, as docs/webhooks.md tells receivers", () => {
  const expected = createHmac("sha256", "whsec_known").update(`1700000000.${body}`).digest("hex");
  expect(signWebhook("whsec_known", 1_700_000_000, body)).toBe(`sha256=${expected}`);
  // A fixed vector, so a change of the scheme cannot pass unnoticed.
  expect(signWebhook("secret", 1, "{}")).toBe(
    `sha256=${createHmac("sha256", "secret").update("1.{}").digest("hex")}`,
  );
});

test("it verifies only the same secret, timestamp and bytes", () => {
  const signature = signWebhook("whsec_a", 1000, body);
  expect(verifyWebhook("whsec_a", 1000, body, signature)).toBe(true);
  expect(verifyWebhook("whsec_b", 1000, body, signature)).toBe(false);
  expect(verifyWebhook("whsec_a", 1001, body, signature)).toBe(false);
  expect(verifyWebhook("whsec_a", 1000, `${body} `, signature)).toBe(false);
  expect(verifyWebhook("whsec_a", 1000, body, "sha256=00")).toBe(false);
  expect(verifyWebhook("whsec_a", 1000, body, "")).toBe(false);
});

test("secrets are new each time, 32 random bytes behind a recognisable prefix", () => {
  const first = newWebhookSecret();
  expect(first).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
  expect(newWebhookSecret()).not.toBe(first);
});
