import { afterAll, afterEach, beforeAll } from "bun:test";
import { logIn } from "./api-calls.ts";
import { demoProjectId } from "./outbound-test-support.ts";
import { type CaughtMail, startSmtpCatcher } from "./smtp-catcher.ts";
import { startTestServer, type TestServer } from "./test-server.ts";
import { until } from "./until.ts";

/**
 * Servers whose unread digest the tests drive: a minute of unread time on a clock the test moves on
 * instead of waiting (a digest period is as long: the unread time, up to 5 minutes), delivering to a
 * real SMTP server on loopback.
 */

export const unreadMinutes = "1";
export const unreadMs = Number(unreadMinutes) * 60_000;
export const dueWithinMs = 6000;

/** A mail of the outbox as stored. */
export interface OutboxMail {
  to: string;
  subject: string;
  body: string;
}

/** Waits, as long as a digest may take to be due, for `condition` (test-support/until.ts). */
export const untilDue = (condition: () => Promise<boolean> | boolean) => until(condition, dueWithinMs);

/**
 * A test server of its own with the unread check every 50 ms on a clock that only moves forward:
 * the digest period is a window in the database, which a clock set back would hold shut.
 */
async function startUnreadMailServer(smtpPort: number, env: Record<string, string>) {
  let clockAhead = 0;
  /** Background checks begun so far: each reads the clock once, and one runs at a time. */
  let checks = 0;
  const server: TestServer = await startTestServer(
    {
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_FROM: "Morph <noreply@example.com>",
      UNREAD_ALERT_MINUTES: unreadMinutes,
      ...env,
    },
    {
      mailDispatchMs: 50,
      unreadMail: {
        intervalMs: 50,
        now: () => {
          checks++;
          return Date.now() + clockAhead;
        },
      },
    },
  );
  return {
    server,
    adminToken: await logIn(server.mainUrl, "admin@example.com", "admin"),
    projectId: await demoProjectId(server.db.sql),
    /** Moves the server's clock on: what was written before is `ms` older. */
    advance(ms: number) {
      clockAhead += ms;
    },
    /**
     * Waits until a whole background check ran after this call: the second check begun from now on
     * starts only once the first has ended, and the first began after everything written before.
     */
    async aCheckHasRun() {
      const from = checks;
      await untilDue(() => checks >= from + 2);
    },
    async mails(): Promise<OutboxMail[]> {
      const rows = await server.db.sql`SELECT to_address, subject, body FROM mail_outbox
        ORDER BY created_at, to_address`;
      return (rows as Array<{ to_address: string; subject: string; body: string }>).map((row) => ({
        to: row.to_address,
        subject: row.subject,
        body: row.body,
      }));
    },
  };
}

export type UnreadMailServer = Awaited<ReturnType<typeof startUnreadMailServer>>;

/**
 * The file's SMTP catcher (started before its tests, closed after them) and its servers, each disposed
 * after its test: `start` starts one with `env` added.
 */
export function unreadMailServers() {
  let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
  let running: UnreadMailServer | null = null;
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
  });
  afterAll(() => smtp.close());
  afterEach(async () => {
    await running?.server.dispose();
    running = null;
  });
  return {
    /** The mails the SMTP server received. */
    received: (): CaughtMail[] => smtp.received,
    async start(env: Record<string, string> = {}): Promise<UnreadMailServer> {
      running = await startUnreadMailServer(smtp.port, env);
      return running;
    },
  };
}
