import type { SQL } from "bun";
import type nodemailer from "nodemailer";
import type { Logger } from "../logger.ts";
import { onePassAtATime } from "../one-pass-at-a-time.ts";
import { createSharedRateLimiter, type SharedRateLimiter } from "../shared-rate-limiter.ts";

export interface SmtpSettings {
  url: string;
  from: string;
}

/** Rows to send per pass; a pass runs every few seconds while SMTP is configured. */
const batchSize = 20;
const defaultIntervalMs = 2000;
/**
 * How long a process that took a mail to send has it to itself: past nodemailer's longest wait for a
 * server (its socket timeout, 10 minutes), so a slow send is never sent a second time by another
 * process. A process that dies mid-send leaves the mail to be sent again once this has passed.
 */
const sendLeaseMs = 15 * 60_000;

/**
 * Takes one outbox row for this process, with every server process sharing the database polling the
 * same outbox: the lease is a window of one in `rate_limit_counters`, which only one process gets,
 * and the row is read again under it, so one another process sent meanwhile is not sent twice.
 */
async function claim(sql: SQL, leases: SharedRateLimiter, id: string): Promise<boolean> {
  const lease = await leases.take(`mail-sending:${id}`, { limit: 1, windowMs: sendLeaseMs });
  if (!lease.allowed) return false;
  const [row] =
    await sql`SELECT 1 AS due FROM mail_outbox WHERE id = ${id} AND sent_at IS NULL AND error IS NULL`;
  return row !== undefined;
}

/**
 * Sends the outbox through SMTP when `SMTP_URL` is set, each row by one process (see `claim`). A row
 * is marked sent only after the server accepted it; a refused one keeps its error and is not retried in a loop (an operator can clear it).
 * `intervalMs` is the time between passes; tests shorten it so a mail goes out without a 2 s wait.
 * `onRefused` is told of each mail the server refused (the metrics count them).
 */
export function startMailDispatcher(
  sql: SQL,
  settings: SmtpSettings,
  logger: Logger,
  intervalMs = defaultIntervalMs,
  onRefused?: () => void,
) {
  // nodemailer, the largest library the server has, loads with the first mail to send, not at every start.
  let transport: ReturnType<typeof nodemailer.createTransport> | null = null;
  const transportToSend = async () => {
    transport ??= (await import("nodemailer")).default.createTransport(settings.url);
    return transport;
  };
  const leases = createSharedRateLimiter(sql);
  let stopping = false;

  async function sendBatch(): Promise<number> {
    let sent = 0;
    const rows = (await sql`SELECT id, to_address, subject, body FROM mail_outbox
      WHERE sent_at IS NULL AND error IS NULL ORDER BY created_at LIMIT ${batchSize}`) as Array<{
      id: string;
      to_address: string;
      subject: string;
      body: string;
    }>;
    for (const row of rows) {
      // A stop lets the mail being sent finish, and leaves the rest for the next start.
      if (stopping) break;
      if (!(await claim(sql, leases, row.id))) continue;
      try {
        await (await transportToSend()).sendMail({
          from: settings.from,
          to: row.to_address,
          subject: row.subject,
          text: row.body,
        });
        await sql`UPDATE mail_outbox SET sent_at = ${new Date().toISOString()} WHERE id = ${row.id}`;
        sent++;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        await sql`UPDATE mail_outbox SET error = ${message.slice(0, 500)} WHERE id = ${row.id}`;
        logger.warn("mail could not be sent", { id: row.id, error: message });
        onRefused?.();
      }
    }
    return sent;
  }

  const passes = onePassAtATime(sendBatch);
  const pass = passes.run;

  const timer = setInterval(
    () => void pass().catch((error) => logger.error("mail pass failed", { error: String(error) })),
    intervalMs,
  );
  return {
    /** One pass now (tests and shutdown use it). */
    flush: pass,
    /**
     * Waits for the mail being sent before closing the connection: closed under it, the send would fail
     * and the row be marked as refused, never to be sent again.
     */
    async stop() {
      clearInterval(timer);
      stopping = true;
      await passes.settled();
      transport?.close();
    },
  };
}
