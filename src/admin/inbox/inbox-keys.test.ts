import { describe, expect, test } from "bun:test";
import { type InboxKeyPress, inboxKeyAction, inboxShortcuts } from "./inbox-keys.ts";

const press = (key: string, more: Partial<InboxKeyPress> = {}): InboxKeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  typing: false,
  onControl: false,
  ...more,
});

describe("inbox key map", () => {
  test("j, k, Enter, e, a, n and ? do their actions", () => {
    expect(inboxKeyAction(press("j"))).toBe("next");
    expect(inboxKeyAction(press("k"))).toBe("previous");
    expect(inboxKeyAction(press("Enter"))).toBe("open");
    expect(inboxKeyAction(press("e"))).toBe("done");
    expect(inboxKeyAction(press("a"))).toBe("assignToMe");
    expect(inboxKeyAction(press("n"))).toBe("notes");
    expect(inboxKeyAction(press("?"))).toBe("help");
  });

  test("other keys, and capitals (Shift+J), are left to the browser", () => {
    for (const key of ["x", "J", "E", "N", "ArrowDown", " ", "Escape", "/"])
      expect(inboxKeyAction(press(key))).toBeNull();
  });

  test("nothing while typing in a field, not even ?", () => {
    for (const key of ["j", "k", "e", "a", "n", "?", "Enter"])
      expect(inboxKeyAction(press(key, { typing: true }))).toBeNull();
  });

  test("Ctrl, Cmd and Alt combinations stay the browser's (Ctrl+A selects all, Cmd+K searches)", () => {
    expect(inboxKeyAction(press("a", { ctrlKey: true }))).toBeNull();
    expect(inboxKeyAction(press("k", { metaKey: true }))).toBeNull();
    expect(inboxKeyAction(press("j", { altKey: true }))).toBeNull();
  });

  test("Enter on a focused link or button is the control's own (no second navigation)", () => {
    expect(inboxKeyAction(press("Enter", { onControl: true }))).toBeNull();
    expect(inboxKeyAction(press("j", { onControl: true }))).toBe("next");
  });

  test("the help lists every action once", () => {
    const actions = inboxShortcuts.map(({ keys }) => inboxKeyAction(press(keys[0] ?? "")));
    expect(new Set(actions).size).toBe(inboxShortcuts.length);
    expect(actions).not.toContain(null);
  });
});
