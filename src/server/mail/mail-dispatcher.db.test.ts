import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startSmtpCatcher } from "../test-support/smtp-catcher.ts";
import { startTestServer, type TestServer } from "../test-support/test-server.ts";
import { fixtureTimeoutMs } from "../test-support/test-timeouts.ts";
import { until } from "../test-support/until.ts";

let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let refuse = false;

/** A real SMTP server on loopback: the edge of the world, run in-process. */
beforeAll(async () => {
  smtp = await startSmtpCatcher(() => refuse);
});

afterAll(() => smtp.close());

const mailedWithin = (condition: () => Promise<boolean> | boolean) => until(condition, 8000);

describe("SMTP delivery of the mail outbox", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(
      { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: "Platform <noreply@example.com>" },
      // A pass every 50 ms instead of every 2 s, so a mail goes out without the test waiting seconds.
      { mailDispatchMs: 50 },
    );
  }, fixtureTimeoutMs);
  afterAll(() => server.dispose(), fixtureTimeoutMs);

  test("a password reset code is delivered by SMTP and marked sent", async () => {
    const response = await fetch(`${server.mainUrl}/api/auth/password-reset`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "admin@example.com" }),
    });
    expect(response.status).toBe(202);
    await mailedWithin(() => smtp.received.some((mail) => mail.to.includes("admin@example.com")));
    const mail = smtp.received.find((entry) => entry.to.includes("admin@example.com"));
    expect(mail?.from).toBe("noreply@example.com");
    expect(mail?.data).toContain("Subject: Reset your password");
    expect(mail?.data).toMatch(/Your password reset code is \d{6}\./);
    await mailedWithin(async () => {
      const [row] = await server.db
        .sql`SELECT sent_at FROM mail_outbox WHERE to_address = ${"admin@example.com"}`;
      return Boolean(row?.sent_at);
    });
  });

  test("a refused mail keeps its error and is not sent again", async () => {
    refuse = true;
    try {
      await server.db.sql`INSERT INTO mail_outbox (id, to_address, subject, body, created_at)
        VALUES (${crypto.randomUUID()}, ${"refused@example.com"}, ${"Hello"}, ${"Body"}, ${new Date().toISOString()})`;
      await mailedWithin(async () => {
        const [row] = await server.db
          .sql`SELECT error FROM mail_outbox WHERE to_address = ${"refused@example.com"}`;
        return Boolean(row?.error);
      });
      const [row] = await server.db
        .sql`SELECT sent_at, error FROM mail_outbox WHERE to_address = ${"refused@example.com"}`;
      expect(row.sent_at).toBeNull();
      expect(String(row.error)).toContain("Mailbox unavailable");
    } finally {
      refuse = false;
    }
  });

  test("SMTP_URL must be an smtp:// or smtps:// URL", async () => {
    const { loadConfig } = await import("../config.ts");
    expect(() => loadConfig({ SMTP_URL: "http://mail.example.com" })).toThrow(
      "Invalid configuration: SMTP_URL",
    );
  });
});
