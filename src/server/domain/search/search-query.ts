/**
 * The search box's language, read the same way for both engines: words (all must match), "quoted
 * phrases" (words in that order), `word*` for words starting so. A word is a run of letters and digits
 * — what both full-text indexes make of a text — so `FB-12`, `anna@example.com` or `/api/checkout`
 * become the phrases `fb 12`, `anna example com` and `api checkout`, and `500` matches a status code
 * like any other word. Nothing the user types reaches an index as syntax: every word is passed on as
 * letters and digits only, so any text either searches or is refused with a reason. Words go to the
 * indexes with their accents: each index folds them exactly as it folded its texts (migration 042),
 * so `Müller` finds `muller` and `cafe` finds `Café`; a fold of its own here could take away what an
 * index keeps (SQLite's keeps `ß`, so `straße` must reach it as written).
 */

/** Words in a row (one word is a phrase of one); `prefix`: the last may be the start of a longer one. */
export interface SearchTerm {
  words: string[];
  prefix: boolean;
}

export type SearchParse = { ok: true; terms: SearchTerm[] } | { ok: false; error: string };

/** Longer searches are refused: no one types more, and each word costs a look-up. */
export const maxSearchLength = 200;
export const maxSearchWords = 16;

/** Letters, digits and private-use characters make words, as in FTS5's `unicode61` tokenizer. */
const wordPattern = /[\p{L}\p{N}\p{Co}]+/gu;

/** The words of a text, folded to lower case. */
export function searchWords(text: string): string[] {
  return (text.match(wordPattern) ?? []).map((word) => word.toLowerCase());
}

/** The quoted parts and the bare chunks between them, in order. */
function chunksOf(text: string): Array<{ text: string; quoted: boolean }> {
  const chunks: Array<{ text: string; quoted: boolean }> = [];
  const parts = text.split('"');
  parts.forEach((part, index) => {
    // Odd parts are inside quotes (an unclosed quote runs to the end).
    if (index % 2 === 1) chunks.push({ text: part, quoted: true });
    else for (const bare of part.split(/\s+/)) if (bare !== "") chunks.push({ text: bare, quoted: false });
  });
  return chunks;
}

/** Reads a search (already trimmed): its terms, or why it cannot be searched. */
export function parseSearch(text: string): SearchParse {
  if (text.length > maxSearchLength)
    return { ok: false, error: `q must be at most ${maxSearchLength} characters` };
  const terms: SearchTerm[] = [];
  // Composed, so an accent typed as a combining mark stays in its word (`u` + `¨` is `ü`).
  for (const chunk of chunksOf(text.normalize("NFC"))) {
    const words = searchWords(chunk.text);
    if (words.length === 0) continue;
    // A star right after the last word: `checko*`, or inside quotes `"error ret*"`.
    terms.push({ words, prefix: /[\p{L}\p{N}\p{Co}]\*+$/u.test(chunk.text.trimEnd()) });
  }
  const count = terms.reduce((sum, term) => sum + term.words.length, 0);
  if (count > maxSearchWords) return { ok: false, error: `q must have at most ${maxSearchWords} words` };
  return { ok: true, terms };
}
