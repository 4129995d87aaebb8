import { listNotes, markMentionsSeen } from "../../../domain/staff/staff-notes-repository.ts";
import { json } from "../../platform-request.ts";
import type { StaffNotesDeps, TargetHandler } from "./note-scope.ts";

/** `GET …/notes`: the target's notes; reading them is seeing the asking admin's mentions there. */
export function handleNoteList({ sql }: Pick<StaffNotesDeps, "sql">): TargetHandler {
  return async (_request, target, admin) => {
    await markMentionsSeen(sql, admin.user.id, target);
    return json(await listNotes(sql, target));
  };
}
