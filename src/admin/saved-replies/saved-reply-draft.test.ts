import { describe, expect, test } from "bun:test";
import { checkSavedReply } from "./saved-reply-draft.ts";

describe("a saved reply as the form sends it", () => {
  test("is trimmed, its shortcut in lower case", () => {
    expect(checkSavedReply({ title: "  Thanks ", shortcut: " Thanks-2 ", body: "\nThank you!\n" })).toEqual({
      ok: true,
      write: { title: "Thanks", shortcut: "thanks-2", body: "Thank you!" },
    });
  });

  test("keeps a title and a text written right to left as they are", () => {
    const checked = checkSavedReply({ title: "شكراً", shortcut: "thanks", body: "شكراً لانتظارك" });
    expect(checked).toEqual({
      ok: true,
      write: { title: "شكراً", shortcut: "thanks", body: "شكراً لانتظارك" },
    });
  });

  test("wants all three fields, blanks counting as empty", () => {
    for (const fields of [
      { title: "", shortcut: "a", body: "b" },
      { title: "a", shortcut: "   ", body: "b" },
      { title: "a", shortcut: "a", body: "\n\t" },
    ])
      expect(checkSavedReply(fields)).toEqual({ ok: false, error: "savedReplies.required" });
  });

  test("refuses a shortcut that cannot follow /", () => {
    for (const shortcut of ["-lead", "two words", "thanks!", "x".repeat(33), "ünïcode"])
      expect({ shortcut, checked: checkSavedReply({ title: "a", shortcut, body: "b" }) }).toEqual({
        shortcut,
        checked: { ok: false, error: "savedReplies.badShortcut" },
      });
    expect(checkSavedReply({ title: "a", shortcut: "x".repeat(32), body: "b" }).ok).toBe(true);
  });
});
