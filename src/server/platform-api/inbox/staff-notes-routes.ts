import type { ApiRoute } from "../../http/api-route.ts";
import { adminRoute } from "../platform-request.ts";
import { handleNoteCreate } from "./note-handlers/note-create.ts";
import { handleNoteDelete } from "./note-handlers/note-delete.ts";
import { handleNoteEdit } from "./note-handlers/note-edit.ts";
import { handleNoteList } from "./note-handlers/note-list.ts";
import { onConversation, onReport, type StaffNotesDeps } from "./note-handlers/note-scope.ts";

/**
 * Internal notes on reports and conversations, with `@nickname` mentions (src/shared/staff-notes-api.ts);
 * each handler in note-handlers/. Admins only; each write is audited in its transaction and then
 * pushed to the staff topic alone.
 */
export function staffNotesRoutes(deps: StaffNotesDeps): ApiRoute[] {
  const { sql, guard } = deps;
  const list = handleNoteList(deps);
  const create = handleNoteCreate(deps);
  const conversationNotes = "/api/projects/:projectId/conversations/:id/notes";
  return [
    adminRoute(guard, "GET", "/api/feedback/:id/notes", onReport(sql, list)),
    adminRoute(guard, "POST", "/api/feedback/:id/notes", onReport(sql, create)),
    adminRoute(guard, "GET", conversationNotes, onConversation(sql, list)),
    adminRoute(guard, "POST", conversationNotes, onConversation(sql, create)),
    adminRoute(guard, "PATCH", "/api/notes/:noteId", handleNoteEdit(deps)),
    adminRoute(guard, "DELETE", "/api/notes/:noteId", handleNoteDelete(deps)),
  ];
}
