import type { MessengerPush } from "./conversations-api.ts";
import type { ChecklistAnswer, OutboundAction } from "./outbound-api.ts";

/** `update`: outbound content delivered to this visitor (`a`) and the launcher's unread count (`u`). */
export interface OutboundUpdatePush {
  name: "update";
  data: { a: OutboundAction[]; u: number };
}

/** `checklist`: a checklist this visitor follows changed (shared progress, a step done in another tab). */
export interface ChecklistPush {
  name: "checklist";
  data: ChecklistAnswer;
}

/** The launcher's unread count alone: an `update` with no actions. */
export const unreadCountPush = (unread: number): OutboundUpdatePush => ({
  name: "update",
  data: { a: [], u: unread },
});

/** Every message the server pushes to a widget socket: always JSON, since the client parses every frame. */
export type WidgetPush = OutboundUpdatePush | ChecklistPush | MessengerPush;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The loader's check of an `update` push's data (the eager loader carries no schema library): the
 * unread count when it is a number, and the actions that are objects with a string type. Anything else
 * in the push is dropped, never cast.
 */
export function readOutboundUpdate(data: unknown): { actions: OutboundAction[]; unread?: number } {
  if (!isRecord(data)) return { actions: [] };
  const actions = (Array.isArray(data.a) ? data.a : []).filter(
    (action): action is OutboundAction => isRecord(action) && typeof action.actionType === "string",
  );
  return typeof data.u === "number" ? { actions, unread: data.u } : { actions };
}

/** The loader's check of a `checklist` push's data: a checklist with an id, else nothing. */
export function readChecklistPush(data: unknown): ChecklistAnswer | null {
  return isRecord(data) && typeof data.id === "string" ? (data as unknown as ChecklistAnswer) : null;
}
