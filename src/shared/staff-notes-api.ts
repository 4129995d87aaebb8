import { type Infer, object, refine } from "superstruct";
import { boundedText } from "./payload-text.ts";

/**
 * Internal notes on reports and conversations: what staff tell each
 * other about an item. Admins only; a note never reaches the visitor (no widget or messenger answer,
 * no visitor socket push carries one).
 *
 *   GET    /api/feedback/{id}/notes                              → StaffNote[] (oldest first)
 *   POST   /api/feedback/{id}/notes                              NoteWrite → 201 StaffNote
 *   GET    /api/projects/{projectId}/conversations/{id}/notes    → StaffNote[]
 *   POST   /api/projects/{projectId}/conversations/{id}/notes    NoteWrite → 201 StaffNote
 *   PATCH  /api/notes/{noteId}                                   NoteWrite → StaffNote (its author only)
 *   DELETE /api/notes/{noteId}                                   → 204 (its author only)
 *
 * Reading an item's notes is opening it: the asking admin's mentions on it stop counting in their
 * alerts. Writes are audited (note.create, note.update, note.delete) and pushed to every admin page
 * as `staff-note` (src/shared/inbox-api.ts).
 *
 * A mention is `@` and an admin's nickname (their sign-in name, unique), not followed by a letter,
 * digit, `_`, `-` or `.`: the server reads them from the text, so a note written through the API
 * alerts the same admins as one written in the dashboard.
 */
export const noteMaxLength = 5000;

export const NoteWrite = object({
  text: refine(boundedText(1, noteMaxLength), "NoteText", (value) => value.trim() !== "" || "is empty"),
});
export type NoteWrite = Infer<typeof NoteWrite>;

/** What a note is about. `projectId` lets a page tell whether the note is for what it shows. */
export type NoteTarget =
  | { kind: "report"; id: string; projectId: string }
  | { kind: "conversation"; id: string; projectId: string };

export interface StaffNote {
  id: string;
  target: NoteTarget;
  /** The author's id (null once the account is deleted) and the name they wrote under. */
  author: { id: string | null; name: string };
  /** Plain text as typed; shown as text, never as HTML. */
  text: string;
  /** The admins it mentions, by id, nickname (what follows the `@`) and shown name. */
  mentions: NoteMention[];
  createdAt: string;
  /** Set when the author changed the text. */
  updatedAt: string | null;
}

export interface NoteMention {
  id: string;
  nickname: string;
  name: string;
}

/** The staff push of a note written, changed or deleted; `alerted` are the admins newly mentioned. */
export interface StaffNotePush {
  action: "added" | "edited" | "deleted";
  note: StaffNote;
  alerted: string[];
}
