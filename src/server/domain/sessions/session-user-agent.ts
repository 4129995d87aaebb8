/** Longer headers are cut: a User-Agent is a few hundred characters, anything past this is noise. */
export const maxUserAgentLength = 512;

/**
 * The User-Agent a session start keeps (migration 028), for the visitor panel beside a report or a
 * conversation; null when the request had none, so a start without one keeps the stored value. It is
 * written by the session start's own INSERT or UPDATE, not by a statement of its own.
 */
export function sessionUserAgent(header: string | null): string | null {
  return header?.trim().slice(0, maxUserAgentLength) || null;
}
