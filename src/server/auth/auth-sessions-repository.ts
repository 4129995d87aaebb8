import { createHash } from "node:crypto";
import type { SQL } from "bun";

/** A refresh token stays valid this long without use (PLATFORM-DOMAIN.md: 30 days idle). */
export const refreshIdleDays = 30;

export const hashRefreshToken = (token: string) => createHash("sha256").update(token).digest("hex");

export interface AuthSession {
  id: string;
  userId: string;
  expiresAt: string;
  revokedAt: string | null;
}

/** Starts a sign-in session; only the refresh token's hash is stored. */
export async function createAuthSession(
  sql: SQL,
  userId: string,
): Promise<{ session: AuthSession; refreshToken: string }> {
  const id = Bun.randomUUIDv7();
  const refreshToken = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
  const now = new Date();
  const expiresAt = new Date(now.getTime() + refreshIdleDays * 86_400_000).toISOString();
  await sql`INSERT INTO auth_sessions (id, user_id, refresh_token_hash, created_at, last_used_at, expires_at)
    VALUES (${id}, ${userId}, ${hashRefreshToken(refreshToken)}, ${now.toISOString()}, ${now.toISOString()}, ${expiresAt})`;
  return { session: { id, userId, expiresAt, revokedAt: null }, refreshToken };
}

export async function findAuthSession(sql: SQL, id: string): Promise<AuthSession | null> {
  const [row] = await sql`SELECT id, user_id, expires_at, revoked_at FROM auth_sessions WHERE id = ${id}`;
  return row
    ? { id: row.id, userId: row.user_id, expiresAt: row.expires_at, revokedAt: row.revoked_at }
    : null;
}
