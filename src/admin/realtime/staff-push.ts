import { array, boolean, enums, is, nullable, number, string, type } from "superstruct";
import type { StaffPush } from "../../shared/inbox-api.ts";

/**
 * The shapes the admin relies on, per push name. `type()` lets extra fields through: a newer server may
 * add some, and a listener reads only what it knows. A push that breaks these is dropped, so no screen
 * meets an `undefined` id halfway through a render.
 */
const staffRef = nullable(type({ id: nullable(string()), name: string() }));
const assignmentEvent = type({
  id: string(),
  item: type({ kind: enums(["report", "conversation"]), id: string(), projectId: string() }),
  from: staffRef,
  to: staffRef,
  by: staffRef,
  createdAt: string(),
});

const shapes: Record<StaffPush["name"], (data: unknown) => boolean> = {
  "report-created": (data) =>
    is(
      data,
      type({
        id: string(),
        shortId: string(),
        projectId: string(),
        type: string(),
        status: string(),
        priority: string(),
        createdAt: string(),
        reporter: type({ email: nullable(string()), name: nullable(string()) }),
      }),
    ),
  "report-updated": (data) =>
    is(
      data,
      type({
        id: string(),
        status: string(),
        priority: string(),
        tags: array(string()),
        assignee: nullable(type({ id: string(), name: string() })),
      }),
    ),
  "conversation-message": (data) =>
    is(data, type({ conversationId: string(), projectId: string(), unreadForStaff: number() })),
  "conversation-typing": (data) => is(data, type({ conversationId: string(), typing: boolean() })),
  "conversation-status": (data) =>
    is(data, type({ conversationId: string(), status: enums(["open", "closed"]) })),
  "conversation-assigned": (data) =>
    is(
      data,
      type({
        conversationId: string(),
        projectId: string(),
        assignee: nullable(type({ id: string(), name: string() })),
      }),
    ),
  "reports-deleted": (data) => is(data, type({ ids: array(string()) })),
  "outbound-stats": (data) => is(data, type({ projectId: string(), outboundId: string() })),
  "staff-note": (data) =>
    is(
      data,
      type({
        action: enums(["added", "edited", "deleted"]),
        note: type({
          id: string(),
          target: type({ kind: enums(["report", "conversation"]), id: string(), projectId: string() }),
          author: type({ id: nullable(string()), name: string() }),
          text: string(),
          mentions: array(type({ id: string(), nickname: string(), name: string() })),
          createdAt: string(),
          updatedAt: nullable(string()),
        }),
        alerted: array(string()),
      }),
    ),
  assignment: (data) => is(data, assignmentEvent),
  "assigned-to-you": (data) =>
    is(
      data,
      type({
        event: assignmentEvent,
        reference: string(),
        title: string(),
        assigned: number(),
        alsoAssigned: number(),
      }),
    ),
  "installation-seen": (data) =>
    is(
      data,
      type({
        projectId: string(),
        origin: string(),
        firstSeenAt: string(),
        lastSeenAt: string(),
        outsideAllowedOrigins: boolean(),
      }),
    ),
};

/**
 * One frame of the staff socket, as text, to a push; anything else (not JSON, an unknown name, a wrong
 * shape, the server's answer to `PING`) is null.
 */
export function parseStaffPush(frame: unknown): StaffPush | null {
  if (typeof frame !== "string") return null;
  let message: unknown;
  try {
    message = JSON.parse(frame);
  } catch {
    return null;
  }
  if (typeof message !== "object" || message === null) return null;
  const { name, data } = message as { name?: unknown; data?: unknown };
  if (typeof name !== "string" || !Object.hasOwn(shapes, name)) return null;
  const fits = shapes[name as StaffPush["name"]];
  return fits(data) ? ({ name, data } as StaffPush) : null;
}
