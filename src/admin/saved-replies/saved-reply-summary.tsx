import type { SavedReply } from "../../shared/saved-replies-api.ts";

/** A saved reply as one reads it in a list: its shortcut, title and text (the picker and the settings card). */
export function SavedReplySummary({ reply }: { reply: Pick<SavedReply, "shortcut" | "title" | "body"> }) {
  return (
    <>
      <span className="saved-reply-option-head">
        <span className="saved-reply-shortcut">/{reply.shortcut}</span>
        <span className="saved-reply-title" dir="auto">
          {reply.title}
        </span>
      </span>
      <span className="saved-reply-body subtle" dir="auto">
        {reply.body}
      </span>
    </>
  );
}
