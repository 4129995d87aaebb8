import { recordAudit } from "../../../domain/audit/audit-log.ts";
import { deleteNote } from "../../../domain/staff/staff-notes-repository.ts";
import { onOwnNote, type StaffNotesDeps } from "./note-scope.ts";

/** `DELETE /api/notes/:noteId`: its author deletes it, audited; then `note.changed` (deleted). */
export function handleNoteDelete({ sql, events }: StaffNotesDeps) {
  return onOwnNote(sql, async (_request, note, admin) => {
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
  });
}
