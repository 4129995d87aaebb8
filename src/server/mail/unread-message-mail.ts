import type { SQL } from "bun";
import type { Logger } from "../logger.ts";
import { createSharedRateLimiter, type SharedRateLimiter } from "../shared-rate-limiter.ts";
import { queueMail } from "./mail-outbox.ts";
import { unreadAlertDigest, type WaitingConversation } from "./unread-alert-digest.ts";
import { type MailableAdmin, mailableAdmins, recipientsOf } from "./unread-alert-recipients.ts";

export interface UnreadMailSettings {
  /** How long a visitor's message may wait unread by staff; 0 turns the e-mail off. */
  minutes: number;
  /** The main origin's public URL (known once the server is bound), for the links to conversations. */
  adminUrl: () => string;
  /** Unread-alert mails queued per hour at most, over every admin and server process. */
  mailsPerHour: number;
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

/** Conversations claimed per digest; the rest wait for the next period. */
const batchSize = 500;
const hourMs = 60 * 60 * 1000;
/** The longest a digest period gets, whatever the unread time: at most 12 digests an admin an hour. */
const longestPeriodMs = 5 * 60_000;

/**
 * How often an admin can get a digest at most: the unread time, up to 5 minutes. A message is then
 * mailed about between the unread time and that plus the period after it was written.
 */
export const digestPeriodMs = (minutes: number) => Math.min(longestPeriodMs, minutes * 60_000);

/** The window keys in `rate_limit_counters` that every server process shares. */
const digestKey = "unread-alert-digest";
const mailsKey = "unread-alert-mails";

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

interface RecipientDigest {
  admin: MailableAdmin;
  conversations: DueConversation[];
}

/** Each recipient with the conversations waiting for them, in the order they became due. */
function groupByRecipient(
  due: readonly DueConversation[],
  admins: readonly MailableAdmin[],
): RecipientDigest[] {
  const waiting = new Map<string, RecipientDigest>();
  for (const conversation of due) {
    for (const admin of recipientsOf(conversation.assignee_id, admins)) {
      const entry = waiting.get(admin.email) ?? { admin, conversations: [] };
      entry.conversations.push(conversation);
      waiting.set(admin.email, entry);
    }
  }
  return [...waiting.values()];
}

/**
 * Counts one mail into the hourly cap; false once it is used up. The one hit past the cap, which
 * exactly one process sees per window, logs the warning, so it comes once an hour.
 */
async function withinHourlyCap(limiter: SharedRateLimiter, settings: UnreadMailSettings, logger: Logger) {
  const decision = await limiter.take(mailsKey, { limit: settings.mailsPerHour, windowMs: hourMs });
  if (decision.hits === settings.mailsPerHour + 1)
    logger.warn("unread alert mails reached their hourly cap; further ones are not queued this hour", {
      cap: settings.mailsPerHour,
      retryAfterSeconds: decision.retryAfterSeconds,
    });
  return decision.allowed;
}

/**
 * One pass: at most one digest per period over every server process (a window in the database), and
 * in it one mail per admin listing the conversations waiting for them. Each conversation's mail mark
 * moves to its newest visitor message in the transaction that queues the mails, only if no other
 * process moved it first, so a crash leaves either both or neither. Answers the mails queued.
 */
export async function mailUnreadMessages(
  sql: SQL,
  settings: UnreadMailSettings,
  logger: Logger,
  now = Date.now(),
): Promise<number> {
  if (settings.minutes <= 0) return 0;
  const due = await dueConversations(sql, new Date(now - settings.minutes * 60_000).toISOString());
  if (due.length === 0) return 0;
  const limiter = createSharedRateLimiter(sql, () => now);
  const period = await limiter.take(digestKey, { limit: 1, windowMs: digestPeriodMs(settings.minutes) });
  if (!period.allowed) return 0;

  const recipients: RecipientDigest[] = [];
  for (const entry of groupByRecipient(due, await mailableAdmins(sql)))
    if (await withinHourlyCap(limiter, settings, logger)) recipients.push(entry);
  const adminUrl = settings.adminUrl();
  return sql.begin(async (tx) => {
    const claimed = new Set<string>();
    for (const conversation of due) {
      const moved = await tx`UPDATE conversations SET unread_mailed_message_id = ${conversation.newest}
        WHERE id = ${conversation.id} AND COALESCE(unread_mailed_message_id, '') = ${conversation.mailed ?? ""}
        RETURNING id`;
      if (moved.length > 0) claimed.add(conversation.id);
    }
    let queued = 0;
    for (const { admin, conversations } of recipients) {
      const waiting: WaitingConversation[] = conversations
        .filter((conversation) => claimed.has(conversation.id))
        .map((conversation) => ({
          subject: conversation.subject,
          visitor: conversation.visitor_name?.trim() || conversation.visitor_email?.trim() || "",
          link: `${adminUrl}/dashboard/conversations/${conversation.project_id}/${conversation.id}`,
          assignedToRecipient: conversation.assignee_id === admin.id,
        }));
      if (waiting.length === 0) continue;
      await queueMail(tx, unreadAlertDigest(admin.email, waiting, { minutes: settings.minutes, adminUrl }));
      queued++;
    }
    return queued;
  });
}

/**
 * The background check in the server process, beside the mail dispatcher: often enough that a
 * message is mailed about soon after its time is up (a quarter of it, between 1 and 30 seconds).
 */
export function startUnreadMailer(sql: SQL, settings: UnreadMailSettings, logger: Logger) {
  if (settings.minutes <= 0) return { stop: async () => {} };
  const { now = Date.now } = settings;
  const intervalMs = settings.intervalMs ?? Math.min(30_000, Math.max(1000, (settings.minutes * 60_000) / 4));
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = mailUnreadMessages(sql, settings, logger, now())
      .then(() => {})
      .catch((error) => logger.error("unread mail pass failed", { error: String(error) }))
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  return {
    /** Stops the checks; resolves once the one under way (if any) is done, before the database closes. */
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
