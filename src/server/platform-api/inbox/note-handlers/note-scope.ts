import type { SQL } from "bun";
import type { NoteTarget, StaffNote } from "../../../../shared/staff-notes-api.ts";
import type { Authenticated, AuthGuard } from "../../../auth/auth-guard.ts";
import { findProjectConversation } from "../../../domain/conversations/conversations-repository.ts";
import type { DomainEvents } from "../../../domain/events/domain-events.ts";
import { findReport } from "../../../domain/feedback/feedback-repository.ts";
import { findNote } from "../../../domain/staff/staff-notes-repository.ts";
import { conversationNotFoundMessage } from "../../messenger/conversation-handlers/conversation-scope.ts";
import { type AdminHandler, jsonError } from "../../platform-request.ts";
import { reportNotFoundMessage } from "../feedback-inbox-routes.ts";

export const noteNotFoundMessage = "Note not found";
export const notYourNoteMessage = "Only the note's author can change or delete it";

export interface StaffNotesDeps {
  sql: SQL;
  guard: AuthGuard;
  /** Each note written, changed or deleted is told as `note.changed` (domain/events/). */
  events: DomainEvents;
}

export type TargetHandler = (request: Request, target: NoteTarget, admin: Authenticated) => Promise<Response>;

/** Runs `handle` for the report `:id`, else answers its 404. */
export function onReport(sql: SQL, handle: TargetHandler): AdminHandler {
  return async (request, params, admin) => {
    const report = await findReport(sql, params.id ?? "");
    if (!report) return jsonError(404, reportNotFoundMessage);
    return handle(request, { kind: "report", id: report.id, projectId: report.projectId }, admin);
  };
}

/** Runs `handle` for the conversation `:id` of the project `:projectId`, else answers its 404. */
export function onConversation(sql: SQL, handle: TargetHandler): AdminHandler {
  return async (request, params, admin) => {
    const conversation = await findProjectConversation(sql, params.projectId ?? "", params.id ?? "");
    if (!conversation) return jsonError(404, conversationNotFoundMessage);
    const target: NoteTarget = {
      kind: "conversation",
      id: conversation.id,
      projectId: conversation.projectId,
    };
    return handle(request, target, admin);
  };
}

/** Runs `handle` for the note `:noteId` if the asking admin wrote it; anyone else's is refused. */
export function onOwnNote(
  sql: SQL,
  handle: (request: Request, note: StaffNote, admin: Authenticated) => Promise<Response>,
): AdminHandler {
  return async (request, params, admin) => {
    const note = await findNote(sql, params.noteId ?? "");
    if (!note) return jsonError(404, noteNotFoundMessage);
    if (note.author.id !== admin.user.id) return jsonError(403, notYourNoteMessage);
    return handle(request, note, admin);
  };
}
