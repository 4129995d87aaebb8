import type { ConversationMessage, ConversationStatus } from "../../../shared/conversations-api.ts";
import type { StaffNotePush } from "../../../shared/staff-notes-api.ts";
import type { Logger } from "../../logger.ts";
import type { StoredConversation } from "../conversations/conversations-repository.ts";
import { createEventBus, type EventBus, type EventListener } from "./event-bus.ts";

/**
 * The timeline events a change of assignee recorded (assignment-events.ts): by id, or every event of
 * a new item, which round robin gave out in the transaction that stored it.
 */
export type RecordedAssignments = { eventIds: readonly string[] } | { newItemId: string };

/** Who is typing: the visitor, or a staff member under the name the visitor sees. */
export type Typist = { kind: "visitor" } | { kind: "staff"; name: string | null };

/**
 * What happened, by name, with what each event carries. Every one is emitted after the write it tells
 * of has committed; listeners read anything else they need then, so nothing they send is stale.
 */
export interface DomainEventMap {
  /** A message stored in a conversation: the visitor's, a staff member's or a bot's. */
  "conversation.message": { conversation: StoredConversation; message: ConversationMessage };
  /** A conversation closed or (re)opened. */
  "conversation.status": { conversation: StoredConversation; status: ConversationStatus };
  /** Someone started or stopped typing in a conversation. */
  "conversation.typing": { conversation: StoredConversation; typing: boolean; typist: Typist };
  /** The visitor read a conversation: their unread count went down. */
  "conversation.read": { conversation: StoredConversation };
  /**
   * A conversation given to an admin or to nobody (`assignee` as the admin pages name them), with the
   * timeline events the change recorded.
   */
  "conversation.assigned": {
    conversation: StoredConversation;
    assignee: { id: string; name: string } | null;
    assignments: RecordedAssignments;
  };
  /** A visitor's report stored. */
  "report.created": { reportId: string; projectId: string };
  /** Reports' triage changed (status, priority, tags, assignee). */
  "report.updated": { reportIds: readonly string[] };
  /** Reports given to an admin or to nobody: the timeline events the change recorded. */
  "report.assigned": { assignments: RecordedAssignments };
  /** Reports deleted. */
  "report.deleted": { reportIds: readonly string[] };
  /** An internal note written, changed or deleted. */
  "note.changed": StaffNotePush;
}

export type DomainEvents = EventBus<DomainEventMap>;
export type DomainListener = EventListener<DomainEventMap>;

/** The server's bus; server.ts adds the listeners (a new consumer is a listener file and one line there). */
export function createDomainEvents(logger: Logger): DomainEvents {
  return createEventBus<DomainEventMap>(logger);
}
