import type { SQL } from "bun";
import { nowIso } from "../domain/repository-helpers.ts";
import type { Logger } from "../logger.ts";
import { createSharedRateLimiter, type SharedRateLimiter } from "../shared-rate-limiter.ts";
import { awayOnly, type DueAssignment, dueAssignments } from "./due-assignments.ts";
import { queueMail } from "./mail-outbox.ts";
import { type AssignedItem, unreadAlertDigest, type WaitingConversation } from "./unread-alert-digest.ts";
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
  /**
   * Which of these admins have an admin screen open (staff-presence.ts): work given to them is mailed
   * only while they have none. Left out, nobody counts as present.
   */
  present?: (userIds: string[]) => Promise<ReadonlySet<string>>;
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
  assigned: DueAssignment[];
}

/**
 * Each recipient with the conversations and the new work waiting for them, in the order they became
 * due. Work given to an admin who cannot be mailed (disabled, no address) is mailed to nobody.
 */
function groupByRecipient(
  due: readonly DueConversation[],
  assigned: readonly DueAssignment[],
  admins: readonly MailableAdmin[],
): RecipientDigest[] {
  const waiting = new Map<string, RecipientDigest>();
  const entryOf = (admin: MailableAdmin) => {
    const entry = waiting.get(admin.email) ?? { admin, conversations: [], assigned: [] };
    waiting.set(admin.email, entry);
    return entry;
  };
  for (const conversation of due)
    for (const admin of recipientsOf(conversation.assignee_id, admins))
      entryOf(admin).conversations.push(conversation);
  for (const item of assigned) {
    const admin = admins.find((candidate) => candidate.id === item.userId);
    if (admin) entryOf(admin).assigned.push(item);
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

/** Claims what this pass mails: conversations by their mail mark, assignments by `mailed_at`. */
async function claim(tx: SQL, due: readonly DueConversation[], assigned: readonly DueAssignment[]) {
  const conversations = new Set<string>();
  for (const conversation of due) {
    const moved = await tx`UPDATE conversations SET unread_mailed_message_id = ${conversation.newest}
      WHERE id = ${conversation.id} AND COALESCE(unread_mailed_message_id, '') = ${conversation.mailed ?? ""}
      RETURNING id`;
    if (moved.length > 0) conversations.add(conversation.id);
  }
  const events = new Set<string>();
  const now = nowIso();
  for (const id of assigned.flatMap((item) => item.eventIds)) {
    const moved = await tx`UPDATE assignment_events SET mailed_at = ${now}
      WHERE id = ${id} AND mailed_at IS NULL RETURNING id`;
    if (moved.length > 0) events.add(id);
  }
  return { conversations, events };
}

/** One recipient's digest of what this pass claimed, or null when another process took all of it. */
function digestFor(
  { admin, conversations, assigned }: RecipientDigest,
  claimed: Awaited<ReturnType<typeof claim>>,
  settings: UnreadMailSettings,
) {
  const adminUrl = settings.adminUrl();
  const conversationLink = (projectId: string, id: string) =>
    `${adminUrl}/dashboard/conversations/${projectId}/${id}`;
  const waiting: WaitingConversation[] = conversations
    .filter((conversation) => claimed.conversations.has(conversation.id))
    .map((conversation) => ({
      subject: conversation.subject,
      visitor: conversation.visitor_name?.trim() || conversation.visitor_email?.trim() || "",
      link: conversationLink(conversation.project_id, conversation.id),
      assignedToRecipient: conversation.assignee_id === admin.id,
    }));
  // A conversation listed as unread and theirs already says it is theirs.
  const listed = new Set(waiting.map((conversation) => conversation.link));
  const given: AssignedItem[] = assigned
    .filter((item) => item.eventIds.some((id) => claimed.events.has(id)))
    .map((item) => ({
      kind: item.kind,
      reference: item.reference,
      title: item.title,
      by: item.by,
      link:
        item.kind === "report"
          ? `${adminUrl}/dashboard/inbox/${item.itemId}`
          : conversationLink(item.projectId, item.itemId),
    }))
    .filter((item) => !listed.has(item.link));
  if (waiting.length === 0 && given.length === 0) return null;
  return unreadAlertDigest(admin.email, waiting, { minutes: settings.minutes, adminUrl }, given);
}

/**
 * One pass: at most one digest per period over every server process (a window in the database), and
 * in it one mail per admin listing the conversations waiting for them and the work given to them
 * while they were away. Each conversation's mail mark moves to its newest visitor message, and each
 * assignment is marked mailed, in the transaction that queues the mails, only if no other process
 * did first, so a crash leaves either both or neither. Answers the mails queued.
 */
export async function mailUnreadMessages(
  sql: SQL,
  settings: UnreadMailSettings,
  logger: Logger,
  now = Date.now(),
): Promise<number> {
  if (settings.minutes <= 0) return 0;
  const cutoff = new Date(now - settings.minutes * 60_000).toISOString();
  const due = await dueConversations(sql, cutoff);
  const assigned = await awayOnly(await dueAssignments(sql, cutoff), settings.present ?? nobodyPresent);
  if (due.length === 0 && assigned.length === 0) return 0;
  const limiter = createSharedRateLimiter(sql, () => now);
  const period = await limiter.take(digestKey, { limit: 1, windowMs: digestPeriodMs(settings.minutes) });
  if (!period.allowed) return 0;

  const recipients: RecipientDigest[] = [];
  for (const entry of groupByRecipient(due, assigned, await mailableAdmins(sql)))
    if (await withinHourlyCap(limiter, settings, logger)) recipients.push(entry);
  return sql.begin(async (tx) => {
    // Work given to someone past the hourly cap stays unclaimed: their next digest tells of it.
    const claimed = await claim(
      tx,
      due,
      recipients.flatMap((recipient) => recipient.assigned),
    );
    let queued = 0;
    for (const recipient of recipients) {
      const mail = digestFor(recipient, claimed, settings);
      if (!mail) continue;
      await queueMail(tx, mail);
      queued++;
    }
    return queued;
  });
}

const nobodyPresent = async (): Promise<ReadonlySet<string>> => new Set();

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
