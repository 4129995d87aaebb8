import type { SQL } from "bun";
import { randomBelow, sameText, sha256Hex } from "../../../auth/native-crypto.ts";

export type CodePurpose = "EMAIL_VERIFY" | "PASSWORD_RESET";

/** A verification code lives a day; a password reset code one hour (PLATFORM-DOMAIN.md). */
const lifetimeMs: Record<CodePurpose, number> = { EMAIL_VERIFY: 24 * 3_600_000, PASSWORD_RESET: 3_600_000 };

const hashCode = (code: string) => sha256Hex(code);

/** A fresh 6-digit code; earlier unused codes of the same purpose stop working. */
export async function issueCode(sql: SQL, userId: string, purpose: CodePurpose): Promise<string> {
  const code = String(randomBelow(1_000_000)).padStart(6, "0");
  const now = new Date();
  await sql.begin(async (tx) => {
    await tx`UPDATE verification_codes SET used_at = ${now.toISOString()}
      WHERE user_id = ${userId} AND purpose = ${purpose} AND used_at IS NULL`;
    await tx`INSERT INTO verification_codes (id, user_id, purpose, code_hash, expires_at, created_at)
      VALUES (${Bun.randomUUIDv7()}, ${userId}, ${purpose}, ${hashCode(code)},
        ${new Date(now.getTime() + lifetimeMs[purpose]).toISOString()}, ${now.toISOString()})`;
  });
  return code;
}

/**
 * Uses up a matching, live code; false when there is none. Each check first claims one of the code's
 * tries in a single atomic update, so a code dies after `maxAttempts` checks however many requests
 * race for it, in this process or another.
 */
export async function consumeCode(
  sql: SQL,
  userId: string,
  purpose: CodePurpose,
  code: string,
  maxAttempts: number,
): Promise<boolean> {
  const now = new Date().toISOString();
  const claimed = await sql`UPDATE verification_codes SET attempts = attempts + 1
    WHERE user_id = ${userId} AND purpose = ${purpose} AND used_at IS NULL
      AND attempts < ${maxAttempts} AND expires_at > ${now}
    RETURNING id, code_hash`;
  const wanted = hashCode(code);
  const match = (claimed as Array<{ id: string; code_hash: string }>).find((row) =>
    sameText(row.code_hash, wanted),
  );
  if (!match) return false;
  const used = await sql`UPDATE verification_codes SET used_at = ${now}
    WHERE id = ${match.id} AND used_at IS NULL RETURNING id`;
  return used.length === 1;
}
