import type { SQL } from "bun";

export interface Mail {
  to: string;
  subject: string;
  body: string;
}

/**
 * Outgoing mail lands in the `mail_outbox` table: with no mail server configured that table is the
 * delivery (an operator or a test reads it), and a sender can pick unsent rows up from there.
 */
export async function queueMail(sql: SQL, mail: Mail): Promise<void> {
  await sql`INSERT INTO mail_outbox (id, to_address, subject, body, created_at)
    VALUES (${Bun.randomUUIDv7()}, ${mail.to}, ${mail.subject}, ${mail.body}, ${new Date().toISOString()})`;
}
