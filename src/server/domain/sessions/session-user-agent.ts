import type { SQL } from "bun";

/** Longer headers are cut: a User-Agent is a few hundred characters, anything past this is noise. */
export const maxUserAgentLength = 512;

/**
 * Keeps the browser's User-Agent of a session start (migration 028), for the visitor panel beside a
 * report or a conversation. Written only when it changed, so the usual start of a known session
 * (the same browser on every page load) writes nothing.
 */
export async function rememberUserAgent(
  sql: SQL,
  sessionId: string,
  userAgent: string | null,
): Promise<void> {
  const value = userAgent?.trim().slice(0, maxUserAgentLength) || null;
  if (value === null) return;
  await sql`UPDATE widget_sessions SET user_agent = ${value}
    WHERE id = ${sessionId} AND (user_agent IS NULL OR user_agent <> ${value})`;
}
