import type { AssignmentEvent } from "../../shared/assignment-api.ts";

/**
 * Messages and assignment events in one timeline, oldest first. Both lists come oldest first; an
 * event at the same moment as a message follows it (the reply, then the handover).
 */
export function withAssignments<M extends { createdAt: string }>(
  messages: readonly M[],
  events: readonly AssignmentEvent[],
): Array<M | AssignmentEvent> {
  const merged: Array<M | AssignmentEvent> = [];
  let next = 0;
  for (const message of messages) {
    while (next < events.length && (events[next] as AssignmentEvent).createdAt < message.createdAt)
      merged.push(events[next++] as AssignmentEvent);
    merged.push(message);
  }
  return [...merged, ...events.slice(next)];
}

export const isAssignmentEvent = (entry: object): entry is AssignmentEvent =>
  "item" in entry && "by" in entry;

/** The timeline after a pushed event: added once, in its place. */
export function withEvent(events: readonly AssignmentEvent[], event: AssignmentEvent): AssignmentEvent[] {
  if (events.some((known) => known.id === event.id)) return [...events];
  return [...events, event].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
