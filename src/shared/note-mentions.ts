/**
 * `@nickname` mentions in a note's text (src/shared/staff-notes-api.ts), the same on the server (who
 * is alerted) and in the dashboard (what is highlighted). A mention starts the text or follows a
 * character that is not part of a name, so an e-mail address (`ops@anna.dev`) mentions nobody; and it
 * ends where no name character follows, so `@ann` does not find Anna in `@anna`. Nicknames compare
 * case-insensitively, as sign-in does.
 */
const nameCharacter = /[\p{L}\p{N}_.-]/u;

const isNameCharacter = (character: string | undefined) =>
  character !== undefined && nameCharacter.test(character);

/** Where `nickname` is mentioned in `text`: the start of each `@`. */
function mentionStarts(text: string, nickname: string): number[] {
  const haystack = text.toLowerCase();
  const needle = `@${nickname.toLowerCase()}`;
  const starts: number[] = [];
  if (nickname.trim() === "") return starts;
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) {
    const before = at === 0 ? undefined : text[at - 1];
    const after = text[at + needle.length];
    // A trailing dot ends a sentence rather than the name: "thanks @anna." mentions Anna.
    const endsName =
      !isNameCharacter(after) || (after === "." && !isNameCharacter(text[at + needle.length + 1]));
    if (!isNameCharacter(before) && endsName) starts.push(at);
  }
  return starts;
}

/** The nicknames of `candidates` that `text` mentions, each once, in the candidates' order. */
export function mentionedNicknames(text: string, candidates: readonly string[]): string[] {
  return candidates.filter((nickname) => mentionStarts(text, nickname).length > 0);
}

export type NotePart = { kind: "text"; text: string } | { kind: "mention"; text: string; nickname: string };

/** The text cut into plain runs and mentions of `nicknames`, for showing mentions highlighted. */
export function noteParts(text: string, nicknames: readonly string[]): NotePart[] {
  const found: Array<{ at: number; length: number; nickname: string }> = [];
  // Longest first: with both "ann" and "ann.b" known, "@ann.b" is one mention of ann.b.
  for (const nickname of [...nicknames].sort((a, b) => b.length - a.length)) {
    for (const at of mentionStarts(text, nickname)) {
      const length = nickname.length + 1;
      if (!found.some((other) => at < other.at + other.length && other.at < at + length))
        found.push({ at, length, nickname });
    }
  }
  found.sort((a, b) => a.at - b.at);
  const parts: NotePart[] = [];
  let from = 0;
  for (const { at, length, nickname } of found) {
    if (at > from) parts.push({ kind: "text", text: text.slice(from, at) });
    parts.push({ kind: "mention", text: text.slice(at, at + length), nickname });
    from = at + length;
  }
  if (from < text.length) parts.push({ kind: "text", text: text.slice(from) });
  return parts;
}
