import type { SQL } from "bun";
import nodemailer from "nodemailer";
import type { Logger } from "../logger.ts";

export interface SmtpSettings {
  url: string;
  from: string;
}

/** Rows to send per pass; a pass runs every few seconds while SMTP is configured. */
const batchSize = 20;
const defaultIntervalMs = 2000;

/**
 * Sends the outbox through SMTP when `SMTP_URL` is set. A row is marked sent only after the server
 * accepted it; a refused one keeps its error and is not retried in a loop (an operator can clear it).
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
  const transport = nodemailer.createTransport(settings.url);
  let running = false;
  let stopping = false;
  let current: Promise<number> | null = null;

  async function pass(): Promise<number> {
    if (running) return 0;
    running = true;
    current = sendBatch();
    return current;
  }

  async function sendBatch(): Promise<number> {
    let sent = 0;
    try {
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
        try {
          await transport.sendMail({
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
    } finally {
      running = false;
    }
    return sent;
  }

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
      await current?.catch(() => 0);
      transport.close();
    },
  };
}
