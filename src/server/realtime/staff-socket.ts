import type { StaffPush } from "../../shared/inbox-api.ts";
import type { Fanout } from "./fanout.ts";

/** An admin's socket (`/api/admin/ws`): who it is and when its access token runs out. */
export interface StaffSocketData {
  kind: "staff";
  userId: string;
  /** Epoch milliseconds; the socket is closed then, so a revoked sign-in stops hearing within 15 minutes. */
  expiresAt: number;
}

/**
 * Every admin sees every widget project, so all staff sockets share one topic; a push names its
 * project and the admin's screens pick what they show.
 */
export const staffTopic = "staff";

/** What the client sends to keep the socket open, and what it gets back. */
export const staffPing = "PING";
export const staffPong = "PONG";

/** Close code for an access token that ran out: the client signs in again (refreshes) and reconnects. */
export const tokenExpiredCloseCode = 4001;

export function pushToStaff(fanout: Fanout, push: StaffPush): Promise<void> {
  return fanout.publish(staffTopic, JSON.stringify(push));
}
