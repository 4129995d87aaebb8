import type { StaffPush } from "../../shared/inbox-api.ts";
import type { Fanout } from "./fanout.ts";
import { projectOfPush, staffProjectTopic, staffUnscopedTopic } from "./staff-socket-scope.ts";

/**
 * An admin's socket (`/api/admin/ws`): who it is, on which sign-in session, and when its access token
 * runs out. The session and user are re-checked while it is open (`staff-socket-watch.ts`).
 */
export interface StaffSocketData {
  kind: "staff";
  userId: string;
  /** The access token's `sid`: the sign-in session the socket was opened on. */
  sessionId: string;
  /** Epoch milliseconds; the socket is closed then at the latest. */
  expiresAt: number;
  /**
   * The projects an agent's socket hears (staff-socket-scope.ts); null or absent: every project. A
   * change of the account's role or memberships closes the socket, to reconnect with the new scope.
   */
  projectIds?: readonly string[] | null;
}

/**
 * Owners and admins see every widget project, so their staff sockets share one topic; a push names its
 * project and the admin's screens pick what they show. An agent's socket hears its projects' topics
 * instead (staff-socket-scope.ts).
 */
export const staffTopic = "staff";

/** What the client sends to keep the socket open, and what it gets back. */
export const staffPing = "PING";
export const staffPong = "PONG";

/**
 * Close code for an access token that ran out, or a sign-in that ended (sign-out, disabled account, no
 * longer an ADMIN): the client renews its token and reconnects, or stops when it has none.
 */
export const tokenExpiredCloseCode = 4001;

/**
 * The fan-out signal that a user's sign-ins, account or role changed (sign-out, ban, role change,
 * deletion, password reset): every process re-checks its staff sockets of that user at once. The
 * payload is the user's id, or "" for every staff socket.
 */
export const staffAccessSignal = "staff-access";

/** What the routes call after such a change; it must not fail the request that made it. */
export type StaffAccessChanged = (userId: string | null) => void;

/** A push to every staff socket that sees its project: the staff topic, and the agents' topic for it. */
export async function pushToStaff(fanout: Fanout, push: StaffPush): Promise<void> {
  const text = JSON.stringify(push);
  const projectId = projectOfPush(push);
  const topics = [staffTopic];
  if (projectId) topics.push(staffProjectTopic(projectId));
  else if (push.name === "reports-deleted") topics.push(staffUnscopedTopic);
  await Promise.all(topics.map((topic) => fanout.publish(topic, text)));
}

/** One admin's own topic: every staff socket of theirs joins it beside the shared one. */
export const staffMemberTopic = (userId: string): string => `staff:${userId}`;

/** A push for one admin only (their own count, work given to them), on each of their sockets. */
export function pushToStaffMember(fanout: Fanout, userId: string, push: StaffPush): Promise<void> {
  return fanout.publish(staffMemberTopic(userId), JSON.stringify(push));
}
