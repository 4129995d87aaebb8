import { SavedReplyWrite, savedReplyShortcutPattern } from "../../shared/saved-replies-api.ts";
import { fieldErrors } from "../shell/form/form-errors.ts";

/** What the saved reply form holds, as typed. */
export interface SavedReplyFields {
  title: string;
  shortcut: string;
  body: string;
}

export type CheckedSavedReply =
  | { ok: true; write: SavedReplyWrite }
  | { ok: false; error: "savedReplies.required" | "savedReplies.badShortcut" };

/**
 * The form's fields as the server takes them (trimmed, the shortcut in lower case, as it is typed
 * after `/`), or the one message that says what is missing or wrong, before any request.
 */
export function checkSavedReply(fields: SavedReplyFields): CheckedSavedReply {
  const write = {
    title: fields.title.trim(),
    shortcut: fields.shortcut.trim().toLowerCase(),
    body: fields.body.trim(),
  };
  if (!write.title || !write.shortcut || !write.body) return { ok: false, error: "savedReplies.required" };
  if (!savedReplyShortcutPattern.test(write.shortcut) || fieldErrors(write, SavedReplyWrite).shortcut)
    return { ok: false, error: "savedReplies.badShortcut" };
  return { ok: true, write };
}
