import type { NoteTarget, StaffNote } from "../../shared/staff-notes-api.ts";
import { api } from "../api/api-client.ts";

/** Where a target's notes live: under the report, or under the conversation of its project. */
function notesPath(target: NoteTarget): string {
  return target.kind === "report"
    ? `/api/feedback/${encodeURIComponent(target.id)}/notes`
    : `/api/projects/${encodeURIComponent(target.projectId)}/conversations/${encodeURIComponent(target.id)}/notes`;
}

/** The admin's calls for internal notes (src/shared/staff-notes-api.ts). */
export const notesApi = {
  /** Reading them is opening the item: this admin's mentions there stop counting. */
  list: (target: NoteTarget) => api<StaffNote[]>(notesPath(target)),
  add: (target: NoteTarget, text: string) =>
    api<StaffNote>(notesPath(target), { method: "POST", body: { text } }),
  edit: (id: string, text: string) =>
    api<StaffNote>(`/api/notes/${encodeURIComponent(id)}`, { method: "PATCH", body: { text } }),
  remove: (id: string) => api<void>(`/api/notes/${encodeURIComponent(id)}`, { method: "DELETE" }),
};
