import { NoteWrite, type StaffNote } from "../../../../shared/staff-notes-api.ts";
import { recordAudit } from "../../../domain/audit/audit-log.ts";
import { findNote, mentionedAdmins, updateNote } from "../../../domain/staff/staff-notes-repository.ts";
import { json, readBody } from "../../platform-request.ts";
import { onOwnNote, type StaffNotesDeps } from "./note-scope.ts";

/** `PATCH /api/notes/:noteId`: its author rewrites it; only newly mentioned admins are alerted. */
export function handleNoteEdit({ sql, events }: StaffNotesDeps) {
  return onOwnNote(sql, async (request, note, admin) => {
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
  });
}
