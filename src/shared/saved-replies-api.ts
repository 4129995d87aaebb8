import { type Infer, object, refine, string } from "superstruct";
import { boundedText } from "./payload-text.ts";

/**
 * A project's saved replies: canned answers staff pick in a reply box by typing `/` and
 * their shortcut. The body is the composer's text (the small markdown subset replies take, see
 * src/server/domain/rich-text/reply-markdown.ts) and may hold `{{visitor.name}}` and
 * `{{visitor.firstName}}`, filled in when picked.
 *
 *   GET    /api/projects/{p}/saved-replies        → SavedReplyList (by shortcut)
 *   POST   /api/projects/{p}/saved-replies        SavedReplyWrite → SavedReply (201)
 *   PUT    /api/projects/{p}/saved-replies/{id}   SavedReplyWrite → SavedReply
 *   DELETE /api/projects/{p}/saved-replies/{id}   → 204
 *
 * Owners, admins and the project's agents; every write is audited. A shortcut another reply of the
 * project has is a 409.
 */
export interface SavedReply {
  id: string;
  title: string;
  shortcut: string;
  body: string;
  updatedAt: string;
}

export interface SavedReplyList {
  items: SavedReply[];
}

/** A project keeps at most this many: the picker lists them all without paging. */
export const maxSavedReplies = 500;

/** Lower-case letters, digits and dashes, as typed after `/` without reaching for Shift. */
export const savedReplyShortcutPattern = /^[a-z0-9][a-z0-9-]{0,31}$/;

export const SavedReplyWrite = object({
  title: boundedText(1, 100),
  // The pattern bounds the length (1 to 32), so one message names every way a shortcut can be wrong.
  shortcut: refine(
    string(),
    "shortcut",
    (value) =>
      savedReplyShortcutPattern.test(value) ||
      "shortcut must be 1 to 32 lower-case letters, digits and dashes, starting with a letter or digit",
  ),
  body: boundedText(1, 10_000),
});
export type SavedReplyWrite = Infer<typeof SavedReplyWrite>;
