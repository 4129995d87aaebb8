import type { SearchMatch } from "../../../shared/search-api.ts";
import type { SearchColumn } from "../../database/migrations/040-report-search-schema.ts";
import { foldWord } from "./search-fold.ts";
import type { SearchTerm } from "./search-query.ts";

/**
 * Where a result matched, for the list to show: the field that holds the most of the searched terms
 * (the weightier field on a tie), and a short piece of its text around the first of them, every
 * matched word in `<mark>`. Everything else in the snippet is escaped, so it is safe to read as HTML
 * and holds no markup but `<mark>` and `</mark>`. Words compare folded (search-fold.ts), as the indexes
 * match them: `cafe` marks `Café` where it stands in the text.
 */

/** Characters shown each side of the first matched word. */
const around = 70;

interface Word {
  start: number;
  end: number;
  /** The word folded (search-fold.ts); `start` and `end` are where it stands in the text as written. */
  folded: string;
}

const wordPattern = /[\p{L}\p{N}\p{Co}]+/gu;

function wordsOf(text: string): Word[] {
  return [...text.matchAll(wordPattern)].map((found) => ({
    start: found.index,
    end: found.index + found[0].length,
    folded: foldWord(found[0]),
  }));
}

/** The spans (first and last word index) where `term` occurs among `words`. */
function occurrences(words: readonly Word[], term: SearchTerm): Array<[number, number]> {
  const found: Array<[number, number]> = [];
  const last = term.words.length - 1;
  const folded = term.words.map(foldWord);
  for (let i = 0; i + last < words.length; i++) {
    const matches = folded.every((word, j) => {
      const at = words[i + j]?.folded ?? "";
      return j === last && term.prefix ? at.startsWith(word) : at === word;
    });
    if (matches) found.push([i, i + last]);
  }
  return found;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`).replace(/\s+/g, " ");

/** The piece of `text` around its first match, matched words marked, the rest escaped. */
function snippetOf(text: string, words: readonly Word[], spans: Array<[number, number]>): string {
  const marked = new Set<number>();
  for (const [first, last] of spans) for (let i = first; i <= last; i++) marked.add(i);
  const firstSpan = spans.reduce((a, b) => (a[0] <= b[0] ? a : b));
  const anchor = words[firstSpan[0]] as Word;
  // Within the match's own line (a console line, a request), cut at word edges.
  const lineStart = text.lastIndexOf("\n", anchor.start) + 1;
  const lineEndAt = text.indexOf("\n", anchor.start);
  const lineEnd = lineEndAt === -1 ? text.length : lineEndAt;
  let from = Math.max(lineStart, anchor.start - around);
  let to = Math.min(lineEnd, anchor.end + around * 2);
  const edge = (index: number) => words.find((word) => word.start < index && word.end > index);
  from = edge(from)?.end ?? from;
  to = edge(to)?.start ?? to;
  let out = from > lineStart ? "…" : "";
  let at = from;
  words.forEach((word, index) => {
    if (!marked.has(index) || word.start < from || word.end > to) return;
    out += `${escapeHtml(text.slice(at, word.start))}<mark>${escapeHtml(text.slice(word.start, word.end))}</mark>`;
    at = word.end;
  });
  out += escapeHtml(text.slice(at, to));
  if (to < lineEnd) out += "…";
  return out.trim();
}

/** How a column's text is shown: tags as a list, not as the JSON they are stored in. */
export function displayText(column: string, text: string): string {
  if (column !== "tags") return text;
  try {
    const tags = JSON.parse(text) as unknown;
    if (Array.isArray(tags)) return tags.filter((tag) => typeof tag === "string").join(", ");
  } catch {
    // Shown as stored.
  }
  return text;
}

/** The best field of a document for `terms` and its snippet; null when no field holds any term. */
export function bestMatch(
  columns: readonly SearchColumn[],
  texts: Readonly<Record<string, string>>,
  terms: readonly SearchTerm[],
): SearchMatch | null {
  let best: {
    column: SearchColumn;
    text: string;
    words: Word[];
    spans: Array<[number, number]>;
    found: number;
  } | null = null;
  for (const column of columns) {
    // Composed, so a letter written as a base and a combining accent is one letter of one word, as the
    // indexes read it.
    const text = displayText(column.column, texts[column.column] ?? "").normalize("NFC");
    if (text === "") continue;
    const words = wordsOf(text);
    const perTerm = terms.map((term) => occurrences(words, term));
    const found = perTerm.filter((spans) => spans.length > 0).length;
    // Columns come weightiest first, so a later one must hold more terms to win.
    if (found === 0 || (best && found <= best.found)) continue;
    best = { column, text, words, spans: perTerm.flat(), found };
  }
  if (!best) return null;
  return { field: best.column.field, snippet: snippetOf(best.text, best.words, best.spans) };
}
