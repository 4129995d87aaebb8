import type { SQL } from "bun";
import { queueMail } from "../../../mail/mail-outbox.ts";
import { type CodePurpose, issueCode } from "./verification-codes.ts";

/**
 * Issues a fresh code of `purpose` for `userId` (the earlier ones stop working) and queues the mail
 * that carries it to `to`, its text written around the code by `text`.
 */
export async function mailNewCode(
  sql: SQL,
  { userId, to }: { userId: string; to: string },
  purpose: CodePurpose,
  mail: { subject: string; text: (code: string) => string },
): Promise<void> {
  const code = await issueCode(sql, userId, purpose);
  await queueMail(sql, { to, subject: mail.subject, body: mail.text(code) });
}
