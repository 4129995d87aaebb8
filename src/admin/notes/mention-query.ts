/** The `@word` being typed at the caret, which the mention list completes. */
export interface MentionQuery {
  /** Where its `@` is. */
  start: number;
  /** What follows the `@` up to the caret. */
  query: string;
}

const nameCharacter = /[\p{L}\p{N}_.-]/u;

/**
 * The mention being typed when the caret ends `@` plus name characters, and the `@` starts the text
 * or follows a character outside names (so typing an e-mail address offers nobody); else null.
 */
export function mentionAt(text: string, caret: number): MentionQuery | null {
  let at = caret;
  while (at > 0 && nameCharacter.test(text[at - 1] ?? "")) at--;
  if (at === 0 || text[at - 1] !== "@") return null;
  const start = at - 1;
  if (start > 0 && nameCharacter.test(text[start - 1] ?? "")) return null;
  return { start, query: text.slice(at, caret) };
}

/** The admins whose nickname or name starts with the query (nickname matches first), at most `limit`. */
export function mentionCandidates<T extends { nickname: string; name: string }>(
  admins: readonly T[],
  query: string,
  limit = 6,
): T[] {
  const wanted = query.toLowerCase();
  const byNickname = admins.filter((admin) => admin.nickname.toLowerCase().startsWith(wanted));
  const byName = admins.filter(
    (admin) => !byNickname.includes(admin) && admin.name.toLowerCase().startsWith(wanted),
  );
  return [...byNickname, ...byName].slice(0, limit);
}

/** The text with the typed mention replaced by `@nickname ` and where the caret goes after it. */
export function completeMention(
  text: string,
  caret: number,
  mention: MentionQuery,
  nickname: string,
): { text: string; caret: number } {
  const inserted = `@${nickname} `;
  const rest = text.slice(caret).replace(/^ /, "");
  return { text: text.slice(0, mention.start) + inserted + rest, caret: mention.start + inserted.length };
}
