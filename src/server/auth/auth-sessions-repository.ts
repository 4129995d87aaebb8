import type { SQL } from "bun";
import { sha256Hex } from "./native-crypto.ts";

/** A refresh token stays valid this long without use (PLATFORM-DOMAIN.md: 30 days idle). */
export const refreshIdleDays = 30;

export const hashRefreshToken = (token: string) => sha256Hex(token);

const newRefreshToken = () => Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
const idleExpiry = (from: Date) => new Date(from.getTime() + refreshIdleDays * 86_400_000).toISOString();

export interface AuthSession {
  id: string;
  userId: string;
  expiresAt: string;
  revokedAt: string | null;
}

/** Starts a sign-in session; only hashes of its refresh tokens are stored. */
export async function createAuthSession(
  sql: SQL,
  userId: string,
): Promise<{ session: AuthSession; refreshToken: string }> {
  const id = Bun.randomUUIDv7();
  const refreshToken = newRefreshToken();
  const hash = hashRefreshToken(refreshToken);
  const now = new Date();
  const expiresAt = idleExpiry(now);
  await sql.begin(async (tx) => {
    await tx`INSERT INTO auth_sessions (id, user_id, refresh_token_hash, created_at, last_used_at, expires_at)
      VALUES (${id}, ${userId}, ${hash}, ${now.toISOString()}, ${now.toISOString()}, ${expiresAt})`;
    await tx`INSERT INTO auth_refresh_tokens (token_hash, session_id, created_at) VALUES (${hash}, ${id}, ${now.toISOString()})`;
  });
  return { session: { id, userId, expiresAt, revokedAt: null }, refreshToken };
}

export async function findAuthSession(sql: SQL, id: string): Promise<AuthSession | null> {
  const [row] = await sql`SELECT id, user_id, expires_at, revoked_at FROM auth_sessions WHERE id = ${id}`;
  return row
    ? { id: row.id, userId: row.user_id, expiresAt: row.expires_at, revokedAt: row.revoked_at }
    : null;
}

export async function revokeAuthSession(sql: SQL, id: string): Promise<void> {
  await sql`UPDATE auth_sessions SET revoked_at = ${new Date().toISOString()} WHERE id = ${id} AND revoked_at IS NULL`;
}

export async function revokeUserSessions(sql: SQL, userId: string): Promise<void> {
  await sql`UPDATE auth_sessions SET revoked_at = ${new Date().toISOString()} WHERE user_id = ${userId} AND revoked_at IS NULL`;
}

export type RotationResult =
  | { kind: "rotated"; session: AuthSession; refreshToken: string }
  | { kind: "invalid" }
  | { kind: "ended" }
  | { kind: "reused" };

/**
 * Exchanges a refresh token for a new one. Each token works once: the claim is a single conditional
 * UPDATE, so two racing refreshes cannot both win. A token shown again after its use means a copy
 * was taken, so the whole session (the token family) is revoked.
 */
export async function rotateRefreshToken(sql: SQL, token: string): Promise<RotationResult> {
  const hash = hashRefreshToken(token);
  const now = new Date();
  return sql.begin(async (tx) => {
    const [known] = await tx`SELECT session_id, used_at FROM auth_refresh_tokens WHERE token_hash = ${hash}`;
    if (!known) return { kind: "invalid" } as const;
    const [row] =
      await tx`SELECT id, user_id, expires_at, revoked_at FROM auth_sessions WHERE id = ${known.session_id}`;
    if (!row || row.revoked_at !== null || Date.parse(row.expires_at) <= now.getTime())
      return { kind: "ended" } as const;
    const claimed = await tx`UPDATE auth_refresh_tokens SET used_at = ${now.toISOString()}
      WHERE token_hash = ${hash} AND used_at IS NULL RETURNING token_hash`;
    if (claimed.length === 0) {
      await tx`UPDATE auth_sessions SET revoked_at = ${now.toISOString()} WHERE id = ${row.id}`;
      return { kind: "reused" } as const;
    }
    const refreshToken = newRefreshToken();
    const next = hashRefreshToken(refreshToken);
    const expiresAt = idleExpiry(now);
    await tx`INSERT INTO auth_refresh_tokens (token_hash, session_id, created_at) VALUES (${next}, ${row.id}, ${now.toISOString()})`;
    await tx`UPDATE auth_sessions SET refresh_token_hash = ${next}, last_used_at = ${now.toISOString()}, expires_at = ${expiresAt}
      WHERE id = ${row.id}`;
    return {
      kind: "rotated",
      session: { id: row.id, userId: row.user_id, expiresAt, revokedAt: null },
      refreshToken,
    } as const;
  });
}

/**
 * Whether a sign-in session still stands for `userId`: not revoked, not expired, the same user — the
 * auth guard's rule, which open staff sockets are re-checked against (`realtime/staff-socket-watch.ts`).
 */
export function sessionStands(
  session: Pick<AuthSession, "userId" | "expiresAt" | "revokedAt"> | null,
  userId: string,
  now = Date.now(),
): boolean {
  return (
    session !== null &&
    session.revokedAt === null &&
    session.userId === userId &&
    Date.parse(session.expiresAt) > now
  );
}
