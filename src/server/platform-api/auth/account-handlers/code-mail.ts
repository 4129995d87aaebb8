import type { SQL } from "bun";
import type { StoredUser } from "../../../auth/users-repository.ts";
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

/**
 * Mails a new code to the account's address when the address typed names one, and answers 202
 * either way, so the form cannot be used to find out who has an account.
 */
export async function answerCodeMail(
  sql: SQL,
  user: StoredUser | null,
  purpose: CodePurpose,
  mail: { subject: string; text: (code: string) => string },
): Promise<Response> {
  if (user?.email) await mailNewCode(sql, { userId: user.id, to: user.email }, purpose, mail);
  return new Response(null, { status: 202 });
}
