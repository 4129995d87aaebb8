import type { ServerWebSocket, SQL } from "bun";
import { sessionStands } from "../auth/auth-sessions-repository.ts";
import type { Logger } from "../logger.ts";
import { type StaffSocketData, staffMemberTopic, staffTopic, tokenExpiredCloseCode } from "./staff-socket.ts";
import { currentScopeKeys, scopedStaffTopics, scopeKey } from "./staff-socket-scope.ts";

/** How often every staff socket of a process is re-checked, as the safety net behind the signals. */
export const staffRecheckMs = 30_000;

/** Session ids per query; far above the staff sockets one process holds, far below any bind limit. */
const idsPerQuery = 500;

type StaffSocket = ServerWebSocket<StaffSocketData>;

export interface StaffSocketWatch {
  add(ws: StaffSocket): void;
  remove(ws: StaffSocket): void;
  /** The admins with a staff socket open in this process (staff-presence.ts asks every process). */
  connectedUsers(): string[];
  /** Re-checks the open sockets of `userId` (all of them for null) and closes those that lost access. */
  recheck(userId?: string | null): Promise<void>;
  stop(): void;
}

/**
 * Keeps the staff sockets of this process under the HTTP guard's rules while they are open: the sign-in
 * session still stands (not signed out, revoked or expired), the account is enabled and still an ADMIN.
 * The upgrade checked them once; a socket that fails them later is closed with 4001. The routes that end
 * a sign-in or change an account send `staffAccessSignal` through the fan-out, so every process checks at
 * once; a timer re-checks every socket (one query for all) in case a change came another way.
 */
export function createStaffSocketWatch(
  sql: SQL,
  { intervalMs = staffRecheckMs, logger }: { intervalMs?: number; logger?: Logger } = {},
): StaffSocketWatch {
  const sockets = new Set<StaffSocket>();

  async function recheck(userId: string | null = null): Promise<void> {
    const targets = [...sockets].filter((ws) => userId === null || ws.data.userId === userId);
    if (targets.length === 0) return;
    const ids = [...new Set(targets.map((ws) => ws.data.sessionId))];
    const rows = new Map<string, Record<string, unknown>>();
    for (let start = 0; start < ids.length; start += idsPerQuery) {
      const found = await sql`SELECT s.id, s.user_id, s.expires_at, s.revoked_at, u.enabled, u.role,
          u.staff_role
        FROM auth_sessions s JOIN users u ON u.id = s.user_id
        WHERE s.id IN ${sql(ids.slice(start, start + idsPerQuery))}`;
      for (const row of found) rows.set(String(row.id), row);
    }
    // An agent whose role or projects changed reconnects with the new scope (staff-socket-scope.ts).
    const scopes = await currentScopeKeys(
      sql,
      [...rows.values()].map((row) => ({
        id: String(row.user_id),
        role: String(row.role),
        staffRole: row.staff_role === null ? null : String(row.staff_role),
      })),
    );
    const now = Date.now();
    for (const ws of targets) {
      const row = rows.get(ws.data.sessionId);
      const allowed =
        row !== undefined &&
        sessionStands(
          {
            userId: String(row.user_id),
            expiresAt: String(row.expires_at),
            revokedAt: row.revoked_at === null ? null : String(row.revoked_at),
          },
          ws.data.userId,
          now,
        ) &&
        Boolean(row.enabled) &&
        row.role === "ADMIN" &&
        scopes.get(ws.data.userId) === scopeKey(ws.data.projectIds ?? null);
      if (allowed || !sockets.has(ws)) continue;
      sockets.delete(ws);
      // Off the topic first, so nothing published while the close handshake runs reaches it.
      for (const topic of scopedStaffTopics(staffTopic, ws.data.projectIds ?? null)) ws.unsubscribe(topic);
      ws.unsubscribe(staffMemberTopic(ws.data.userId));
      ws.close(tokenExpiredCloseCode, "sign-in ended");
    }
  }

  let ticking = false;
  const timer = setInterval(() => {
    // A slow database must not pile up ticks; the next one checks everything again anyway.
    if (ticking) return;
    ticking = true;
    recheck()
      .catch((error: unknown) => logger?.warn("staff socket re-check failed", { error: String(error) }))
      .finally(() => {
        ticking = false;
      });
  }, intervalMs);

  return {
    add: (ws) => {
      sockets.add(ws);
    },
    remove: (ws) => {
      sockets.delete(ws);
    },
    connectedUsers: () => [...new Set([...sockets].map((ws) => ws.data.userId))],
    recheck,
    stop: () => clearInterval(timer),
  };
}
