import { NoteWrite, type StaffNote } from "../../../../shared/staff-notes-api.ts";
import { recordAudit } from "../../../domain/audit/audit-log.ts";
import { staffIdentity } from "../../../domain/staff/staff-identity.ts";
import { findNote, insertNote, mentionedAdmins } from "../../../domain/staff/staff-notes-repository.ts";
import { json, readBody } from "../../platform-request.ts";
import type { StaffNotesDeps, TargetHandler } from "./note-scope.ts";

/** `POST …/notes`: a note with its `@nickname` mentions, audited; then `note.changed` (added). */
export function handleNoteCreate({ sql, events }: StaffNotesDeps): TargetHandler {
  return async (request, target, admin) => {
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
  };
}
