import type { SQL } from "bun";
import { type NoteTarget, NoteWrite, type StaffNote } from "../../../shared/staff-notes-api.ts";
import type { Authenticated, AuthGuard } from "../../auth/auth-guard.ts";
import { recordAudit } from "../../domain/audit/audit-log.ts";
import { findProjectConversation } from "../../domain/conversations/conversations-repository.ts";
import type { DomainEvents } from "../../domain/events/domain-events.ts";
import { findReport } from "../../domain/feedback/feedback-repository.ts";
import { staffIdentity } from "../../domain/staff/staff-identity.ts";
import {
  deleteNote,
  findNote,
  insertNote,
  listNotes,
  markMentionsSeen,
  mentionedAdmins,
  updateNote,
} from "../../domain/staff/staff-notes-repository.ts";
import type { ApiRoute } from "../../http/api-route.ts";
import { conversationNotFoundMessage } from "../messenger/conversation-handlers/conversation-scope.ts";
import { adminRoute, json, jsonError, readBody } from "../platform-request.ts";
import { reportNotFoundMessage } from "./feedback-inbox-routes.ts";

export const noteNotFoundMessage = "Note not found";
export const notYourNoteMessage = "Only the note's author can change or delete it";

export interface StaffNotesDeps {
  sql: SQL;
  guard: AuthGuard;
  /** Each note written, changed or deleted is told as `note.changed` (domain/events/). */
  events: DomainEvents;
}

/**
 * Internal notes on reports and conversations, with `@nickname` mentions (src/shared/staff-notes-api.ts).
 * Admins only; each write is audited in its transaction and then pushed to the staff topic alone.
 */
export function staffNotesRoutes(deps: StaffNotesDeps): ApiRoute[] {
  const { sql, guard, events } = deps;

  async function reportTarget(id: string): Promise<NoteTarget | Response> {
    const report = await findReport(sql, id);
    if (!report) return jsonError(404, reportNotFoundMessage);
    return { kind: "report", id: report.id, projectId: report.projectId };
  }

  async function conversationTarget(projectId: string, id: string): Promise<NoteTarget | Response> {
    const conversation = await findProjectConversation(sql, projectId, id);
    if (!conversation) return jsonError(404, conversationNotFoundMessage);
    return { kind: "conversation", id: conversation.id, projectId: conversation.projectId };
  }

  async function list(target: NoteTarget, admin: Authenticated): Promise<Response> {
    await markMentionsSeen(sql, admin.user.id, target);
    return json(await listNotes(sql, target));
  }

  async function create(request: Request, target: NoteTarget, admin: Authenticated): Promise<Response> {
    const body = await readBody(request, NoteWrite);
    if (!body.ok) return body.response;
    const text = body.value.text.trim();
    const mentioned = await mentionedAdmins(sql, text);
    const { name } = await staffIdentity(sql, admin.user);
    const id = await sql.begin(async (tx) => {
      const written = await insertNote(tx, target, { id: admin.user.id, name }, text, mentioned);
      await recordAudit(tx, {
        actorId: admin.user.id,
        action: "note.create",
        entity: "staff_note",
        entityId: written,
        details: { projectId: target.projectId, [`${target.kind}Id`]: target.id, mentions: mentioned },
      });
      return written;
    });
    const note = (await findNote(sql, id)) as StaffNote;
    // Mentioning oneself is a reminder, not an alert.
    const alerted = mentioned.filter((userId) => userId !== admin.user.id);
    await events.emit("note.changed", { action: "added", note, alerted });
    return json(note, { status: 201 });
  }

  /** Runs `handle` for a note the asking admin wrote; anyone else's is refused. */
  const ownNote =
    (handle: (request: Request, note: StaffNote, admin: Authenticated) => Promise<Response>) =>
    async (request: Request, params: Record<string, string>, admin: Authenticated) => {
      const note = await findNote(sql, params.noteId ?? "");
      if (!note) return jsonError(404, noteNotFoundMessage);
      if (note.author.id !== admin.user.id) return jsonError(403, notYourNoteMessage);
      return handle(request, note, admin);
    };

  return [
    adminRoute(guard, "GET", "/api/feedback/:id/notes", async (_request, params, admin) => {
      const target = await reportTarget(params.id ?? "");
      return target instanceof Response ? target : list(target, admin);
    }),
    adminRoute(guard, "POST", "/api/feedback/:id/notes", async (request, params, admin) => {
      const target = await reportTarget(params.id ?? "");
      return target instanceof Response ? target : create(request, target, admin);
    }),
    adminRoute(
      guard,
      "GET",
      "/api/projects/:projectId/conversations/:id/notes",
      async (_request, params, admin) => {
        const target = await conversationTarget(params.projectId ?? "", params.id ?? "");
        return target instanceof Response ? target : list(target, admin);
      },
    ),
    adminRoute(
      guard,
      "POST",
      "/api/projects/:projectId/conversations/:id/notes",
      async (request, params, admin) => {
        const target = await conversationTarget(params.projectId ?? "", params.id ?? "");
        return target instanceof Response ? target : create(request, target, admin);
      },
    ),
    adminRoute(
      guard,
      "PATCH",
      "/api/notes/:noteId",
      ownNote(async (request, note, admin) => {
        const body = await readBody(request, NoteWrite);
        if (!body.ok) return body.response;
        const text = body.value.text.trim();
        const mentioned = await mentionedAdmins(sql, text);
        const added = await sql.begin(async (tx) => {
          const newly = await updateNote(tx, note.id, text, mentioned);
          await recordAudit(tx, {
            actorId: admin.user.id,
            action: "note.update",
            entity: "staff_note",
            entityId: note.id,
            details: { projectId: note.target.projectId, mentions: mentioned },
          });
          return newly;
        });
        const updated = (await findNote(sql, note.id)) as StaffNote;
        const alerted = added.filter((userId) => userId !== admin.user.id);
        await events.emit("note.changed", { action: "edited", note: updated, alerted });
        return json(updated);
      }),
    ),
    adminRoute(
      guard,
      "DELETE",
      "/api/notes/:noteId",
      ownNote(async (_request, note, admin) => {
        await sql.begin(async (tx) => {
          await deleteNote(tx, note.id);
          await recordAudit(tx, {
            actorId: admin.user.id,
            action: "note.delete",
            entity: "staff_note",
            entityId: note.id,
            details: { projectId: note.target.projectId, [`${note.target.kind}Id`]: note.target.id },
          });
        });
        await events.emit("note.changed", { action: "deleted", note, alerted: [] });
        return new Response(null, { status: 204 });
      }),
    ),
  ];
}
