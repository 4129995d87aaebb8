import type { SQL } from "bun";
import type { AssignmentEvent, AssignmentItemKind, VisitorAssignee } from "../../../shared/assignment-api.ts";
import type { Logger } from "../../logger.ts";
import type { Fanout } from "../../realtime/fanout.ts";
import { pushToStaff, pushToStaffMember } from "../../realtime/staff-socket.ts";
import { pushToSession } from "../../realtime/widget-socket.ts";
import { findEvents, itemEvents, newAssignmentCount, noticeOfEvent } from "./assignment-events.ts";

export interface AssignmentAnnounceDeps {
  sql: SQL;
  fanout: Fanout;
  logger?: Logger;
}

async function bestEffort(deps: AssignmentAnnounceDeps, what: string, push: () => Promise<unknown>) {
  try {
    await push();
  } catch (error) {
    deps.logger?.warn(`${what} push failed`, {
      error: error instanceof Error ? error.message : String(error),
    });
  }
}

/** Who answers a conversation, as its visitor sees them; null while nobody is assigned. */
export async function visitorAssignee(sql: SQL, conversationId: string): Promise<VisitorAssignee | null> {
  const [row] = await sql`SELECT COALESCE(u.display_name, u.name) AS name, u.avatar_url
    FROM conversations c JOIN users u ON u.id = c.assignee_id WHERE c.id = ${conversationId}`;
  const found = row as { name: string; avatar_url: string | null } | undefined;
  return found ? { name: found.name, avatarUrl: found.avatar_url || null } : null;
}

/** The new assignee's own push: the newest event of theirs, their count, and how many came with it. */
async function tellAssignee(deps: AssignmentAnnounceDeps, userId: string, events: AssignmentEvent[]) {
  const newest = events.at(-1);
  if (!newest) return;
  const notice = await noticeOfEvent(deps.sql, newest.id);
  if (!notice) return;
  const assigned = await newAssignmentCount(deps.sql, userId);
  await pushToStaffMember(deps.fanout, userId, {
    name: "assigned-to-you",
    data: { ...notice, assigned, alsoAssigned: events.length - 1 },
  });
}

/** The visitor's messenger shows who answers now (the assignee after the commit, whoever it is). */
async function tellVisitor(deps: AssignmentAnnounceDeps, conversationId: string) {
  const [row] =
    await deps.sql`SELECT session_id, share_token FROM conversations WHERE id = ${conversationId}`;
  const conversation = row as { session_id: string; share_token: string } | undefined;
  if (!conversation) return;
  await pushToSession(deps.fanout, conversation.session_id, {
    name: "conversation-assignee",
    data: { shareToken: conversation.share_token, assignee: await visitorAssignee(deps.sql, conversationId) },
  });
}

/**
 * After a change of assignee committed (`eventIds` from recordAssignments): every admin page hears
 * each event (`assignment`, for the item's timeline); each new assignee who did not take the work
 * themselves hears it on their own sockets once per change (`assigned-to-you` with their count, and
 * how many more items the same change gave them); a conversation's visitor sees who answers now.
 * Best effort like every push: the change is stored, and a page that missed it reads it again.
 */
export async function announceAssignments(
  deps: AssignmentAnnounceDeps,
  eventIds: readonly string[],
): Promise<void> {
  if (eventIds.length === 0) return;
  let events: AssignmentEvent[] = [];
  await bestEffort(deps, "assignment", async () => {
    events = await findEvents(deps.sql, eventIds);
    for (const event of events) await pushToStaff(deps.fanout, { name: "assignment", data: event });
  });
  const given = new Map<string, AssignmentEvent[]>();
  for (const event of events) {
    const to = event.to?.id;
    if (!to || event.by?.id === to) continue;
    given.set(to, [...(given.get(to) ?? []), event]);
  }
  for (const [userId, theirs] of given)
    await bestEffort(deps, "assigned-to-you", () => tellAssignee(deps, userId, theirs));
  const conversations = new Set(
    events.filter((event) => event.item.kind === "conversation").map((event) => event.item.id),
  );
  for (const id of conversations)
    await bestEffort(deps, "conversation-assignee", () => tellVisitor(deps, id));
}

/** A new item's events (round robin gave it out in the transaction that stored it), announced. */
export async function announceNewItemAssignment(
  deps: AssignmentAnnounceDeps,
  kind: AssignmentItemKind,
  id: string,
): Promise<void> {
  let ids: string[] = [];
  await bestEffort(deps, "assignment", async () => {
    ids = (await itemEvents(deps.sql, kind, id)).map((event) => event.id);
  });
  await announceAssignments(deps, ids);
}
