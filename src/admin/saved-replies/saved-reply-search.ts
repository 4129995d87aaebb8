import type { SavedReply } from "../../shared/saved-replies-api.ts";

/**
 * What the saved-reply picker does with the reply box's text: find a `/` word at the
 * caret, rank the project's saved replies for it, fill the visitor's name in, and put the reply where
 * the `/` word was. Pure, so it is tested without a DOM.
 */

/** A `/` word being typed: where its `/` is and what follows it up to the caret. */
export interface SlashWord {
  start: number;
  query: string;
}

/**
 * The `/` word the caret is in or at the end of, or null. It starts a word (the text's start or after
 * white space), so a path such as `a/b` or a URL never opens the picker, and has no white space.
 */
export function slashWordAt(text: string, caret: number): SlashWord | null {
  const before = text.slice(0, caret);
  const match = /(^|\s)\/([^\s/]{0,32})$/.exec(before);
  if (!match) return null;
  const query = match[2] ?? "";
  return { start: caret - query.length - 1, query };
}

/** Shown at most; typing more narrows the list. */
export const maxShownReplies = 8;

/**
 * The replies that fit `query`, best first: shortcut starts with it, then shortcut or title contain
 * it, then the body does; within each, by shortcut. Case and accents do not matter. Empty: the first.
 */
export function matchingReplies(replies: readonly SavedReply[], query: string): SavedReply[] {
  const fold = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
  const wanted = fold(query.trim());
  const rank = (reply: SavedReply): number => {
    if (wanted === "") return 0;
    const shortcut = fold(reply.shortcut);
    if (shortcut.startsWith(wanted)) return 0;
    if (shortcut.includes(wanted) || fold(reply.title).includes(wanted)) return 1;
    return fold(reply.body).includes(wanted) ? 2 : -1;
  };
  return replies
    .map((reply) => ({ reply, rank: rank(reply) }))
    .filter((entry) => entry.rank >= 0)
    .sort((a, b) => a.rank - b.rank || a.reply.shortcut.localeCompare(b.reply.shortcut))
    .slice(0, maxShownReplies)
    .map((entry) => entry.reply);
}

/**
 * The reply with `{{visitor.name}}` and `{{visitor.firstName}}` filled in. Without a name the
 * placeholder goes with the space before it, so "Hi {{visitor.firstName}}," reads "Hi," in any
 * language rather than naming a stranger "Visitor". Other `{{…}}` stay as written.
 */
export function fillPlaceholders(body: string, visitorName: string | null): string {
  const name = visitorName?.trim() || null;
  const first = name?.split(/\s+/)[0] ?? null;
  return body.replace(
    /( ?)\{\{\s*visitor\.(name|firstName)\s*\}\}/g,
    (_whole, space: string, key: string) => {
      const value = key === "name" ? name : first;
      return value === null ? "" : `${space}${value}`;
    },
  );
}

/** The text with the `/` word replaced by `body`, and the caret right after it. */
export function insertReply(text: string, word: SlashWord, body: string): { text: string; caret: number } {
  const end = word.start + 1 + word.query.length;
  return { text: text.slice(0, word.start) + body + text.slice(end), caret: word.start + body.length };
}
