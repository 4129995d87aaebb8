import { expect, test } from "bun:test";
import type { NoteTarget, StaffNote } from "../../shared/staff-notes-api.ts";
import { notesAfterPush } from "./notes-live.ts";

const target: NoteTarget = { kind: "report", id: "r1", projectId: "p1" };
const note = (id: string, text = "text", on: NoteTarget = target): StaffNote => ({
  id,
  target: on,
  author: { id: "a1", name: "Anna" },
  text,
  mentions: [],
  createdAt: "2026-11-23T10:00:00.000Z",
  updatedAt: null,
});

test("a new note is appended once, in id order", () => {
  const list = [note("01"), note("03")];
  expect(
    notesAfterPush(list, target, { action: "added", note: note("04"), alerted: [] }).map((n) => n.id),
  ).toEqual(["01", "03", "04"]);
  expect(
    notesAfterPush(list, target, { action: "added", note: note("02"), alerted: [] }).map((n) => n.id),
  ).toEqual(["01", "02", "03"]);
  // Already there (this page's own answer came first): the same list.
  expect(notesAfterPush(list, target, { action: "added", note: note("03"), alerted: [] })).toBe(list);
});

test("an edit replaces the note where it stands; a delete removes it", () => {
  const list = [note("01"), note("02")];
  const edited = notesAfterPush(list, target, { action: "edited", note: note("01", "new"), alerted: [] });
  expect(edited.map((n) => n.text)).toEqual(["new", "text"]);
  expect(
    notesAfterPush(list, target, { action: "deleted", note: note("01"), alerted: [] }).map((n) => n.id),
  ).toEqual(["02"]);
  expect(notesAfterPush(list, target, { action: "deleted", note: note("09"), alerted: [] })).toBe(list);
});

test("notes about other items leave the list alone", () => {
  const list = [note("01")];
  const elsewhere: NoteTarget = { kind: "conversation", id: "r1", projectId: "p1" };
  expect(
    notesAfterPush(list, target, { action: "added", note: note("02", "x", elsewhere), alerted: [] }),
  ).toBe(list);
});
