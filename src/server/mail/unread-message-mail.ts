import type { SQL } from "bun";
import type { Logger } from "../logger.ts";
import { queueMail } from "./mail-outbox.ts";

export interface UnreadMailSettings {
  /** How long a visitor's message may wait unread by staff; 0 turns the e-mail off. */
  minutes: number;
  /** The main origin's public URL (known once the server is bound), for the link to the conversation. */
  adminUrl: () => string;
  /**
   * The background check's clock and interval, the real ones unless given: tests move the clock past
   * the unread time and check often, instead of waiting minutes (or seconds) for both.
   */
  now?: () => number;
  intervalMs?: number;
}

interface DueConversation {
  id: string;
  project_id: string;
  subject: string;
  assignee_id: string | null;
  mailed: string | null;
  newest: string;
  visitor_name: string | null;
  visitor_email: string | null;
}

/** Conversations mailed about per pass; the rest wait for the next pass. */
const batchSize = 50;
const maxExcerpt = 300;

/**
 * Open conversations with a visitor message older than `cutoff` that staff have not read, and not
 * mailed about already: the mail mark is at or before the staff's read mark, so once a burst of
 * unread messages is mailed about, the next mail waits until staff have read and the visitor wrote
 * again.
 */
async function dueConversations(sql: SQL, cutoff: string): Promise<DueConversation[]> {
  const rows = await sql`SELECT c.id, c.project_id, c.subject, c.assignee_id,
      c.unread_mailed_message_id AS mailed,
      (SELECT max(v.id) FROM conversation_messages v
        WHERE v.conversation_id = c.id AND v.author = 'visitor') AS newest,
      s.name AS visitor_name, s.email AS visitor_email
    FROM conversations c
      JOIN widget_sessions s ON s.id = c.session_id
      LEFT JOIN conversation_read_marks mark ON mark.conversation_id = c.id AND mark.reader = 'staff'
    WHERE c.status = 'open'
      AND COALESCE(c.unread_mailed_message_id, '') <= COALESCE(mark.last_read_message_id, '')
      AND EXISTS (SELECT 1 FROM conversation_messages m
        WHERE m.conversation_id = c.id AND m.author = 'visitor'
          AND m.id > COALESCE(mark.last_read_message_id, '') AND m.created_at <= ${cutoff})
    ORDER BY c.updated_at LIMIT ${batchSize}`;
  return rows as DueConversation[];
}

/** The assignee when they can still be mailed, else every enabled admin with an address. */
async function recipients(sql: SQL, assigneeId: string | null): Promise<string[]> {
  if (assigneeId) {
    const [row] = await sql`SELECT email FROM users
      WHERE id = ${assigneeId} AND role = 'ADMIN' AND enabled = ${true} AND email IS NOT NULL`;
    const email = (row as { email: string } | undefined)?.email;
    if (email) return [email];
  }
  const rows = await sql`SELECT email FROM users
    WHERE role = 'ADMIN' AND enabled = ${true} AND email IS NOT NULL ORDER BY email`;
  return (rows as Array<{ email: string }>).map((row) => row.email);
}

async function unreadTexts(sql: SQL, conversationId: string, after: string | null): Promise<string[]> {
  const rows = await sql`SELECT text FROM conversation_messages
    WHERE conversation_id = ${conversationId} AND author = 'visitor' AND id > ${after ?? ""}
    ORDER BY id LIMIT 5`;
  return (rows as Array<{ text: string }>).map((row) => {
    const line = row.text.replace(/\s+/g, " ").trim();
    return line.length > maxExcerpt ? `${line.slice(0, maxExcerpt - 1)}…` : line;
  });
}

/**
 * One pass: for each conversation due, the mail mark moves to its newest visitor message and the
 * mails are queued, in one transaction. The mark moves only if no other process moved it first (two
 * servers behind a balancer mail once), and a crash leaves either both or neither.
 */
export async function mailUnreadMessages(
  sql: SQL,
  settings: UnreadMailSettings,
  now = Date.now(),
): Promise<number> {
  if (settings.minutes <= 0) return 0;
  const cutoff = new Date(now - settings.minutes * 60_000).toISOString();
  let mailed = 0;
  for (const due of await dueConversations(sql, cutoff)) {
    const to = await recipients(sql, due.assignee_id);
    const readMark = await sql`SELECT last_read_message_id AS id FROM conversation_read_marks
      WHERE conversation_id = ${due.id} AND reader = 'staff'`;
    const texts = await unreadTexts(sql, due.id, (readMark[0] as { id: string } | undefined)?.id ?? null);
    const visitor = due.visitor_name?.trim() || due.visitor_email?.trim() || "A visitor";
    const link = `${settings.adminUrl()}/dashboard/conversations/${due.project_id}/${due.id}`;
    const claimed = await sql.begin(async (tx) => {
      const moved = await tx`UPDATE conversations SET unread_mailed_message_id = ${due.newest}
        WHERE id = ${due.id} AND COALESCE(unread_mailed_message_id, '') = ${due.mailed ?? ""} RETURNING id`;
      if (moved.length === 0) return false;
      for (const address of to) {
        await queueMail(tx, {
          to: address,
          subject: `Unread message from ${visitor}: ${due.subject || "a conversation"}`,
          body:
            `${visitor} wrote ${settings.minutes} or more minutes ago and nobody on the team has read it yet:\n\n` +
            `${texts.map((text) => `> ${text}`).join("\n")}\n\nAnswer in the dashboard: ${link}\n`,
        });
      }
      return true;
    });
    if (claimed) mailed++;
  }
  return mailed;
}

/**
 * The background check in the server process, beside the mail dispatcher: often enough that a
 * message is mailed about soon after its time is up (a quarter of it, between 1 and 30 seconds).
 */
export function startUnreadMailer(sql: SQL, settings: UnreadMailSettings, logger: Logger) {
  if (settings.minutes <= 0) return { stop() {} };
  const { now = Date.now } = settings;
  const intervalMs = settings.intervalMs ?? Math.min(30_000, Math.max(1000, (settings.minutes * 60_000) / 4));
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    mailUnreadMessages(sql, settings, now())
      .catch((error) => logger.error("unread mail pass failed", { error: String(error) }))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  return {
    stop() {
      clearInterval(timer);
    },
  };
}
