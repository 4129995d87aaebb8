import type { NoteTarget, StaffNote, StaffNotePush } from "../../shared/staff-notes-api.ts";

/** Whether a note is about the item a page shows. */
export const isAbout = (note: StaffNote, target: NoteTarget): boolean =>
  note.target.kind === target.kind && note.target.id === target.id;

/**
 * The notes on screen after a push: a new one appended (once, even if this page's own answer put it
 * there first), an edited one replaced where it stands, a deleted one gone. Notes of other items, and
 * pushes that change nothing, leave the list as it is (the same array, so nothing re-renders).
 */
export function notesAfterPush(
  notes: readonly StaffNote[],
  target: NoteTarget,
  push: StaffNotePush,
): readonly StaffNote[] {
  const { action, note } = push;
  if (!isAbout(note, target)) return notes;
  const at = notes.findIndex((entry) => entry.id === note.id);
  if (action === "deleted") return at === -1 ? notes : notes.filter((entry) => entry.id !== note.id);
  if (at === -1) {
    // An edit of a note not loaded yet is news too; ids are time-ordered, so it goes where it belongs.
    return [...notes, note].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }
  if (action === "added") return notes;
  return notes.map((entry) => (entry.id === note.id ? note : entry));
}
