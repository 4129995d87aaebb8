import { type HelpSearchResult, helpSearchLimits } from "../../../shared/help-center-api.ts";

/**
 * Help center search, ranked in TypeScript over the project's live articles, so SQLite and PostgreSQL
 * give the same answer (no engine's full-text search, whose tokenizers and ranks differ).
 *
 * Text is compared folded: lower case, accents removed (NFKD without combining marks), split into words
 * of letters and digits. A query word matches an article word exactly (1) or as its beginning (½:
 * "sync" finds "syncing"). Ranking, most important first:
 * 1. coverage: the share of the query's words the article matches anywhere, so an article that has
 *    every word comes before one that has some;
 * 2. where: title matches above description matches above body matches; within a field, the whole
 *    query as a phrase (two words or more, in order) above its words one by one.
 * Ties go by title, then id, so the order is stable.
 */

export interface SearchableArticle {
  id: string;
  collectionId: string;
  title: string;
  description: string;
  /** The body as plain text (see htmlToText). */
  bodyText: string;
}

interface Folded {
  text: string;
  /** For every UTF-16 unit of `text`, its index in the original string (plus one past the end). */
  origin: number[];
}

interface Word {
  word: string;
  /** Index in the original text. */
  start: number;
}

function fold(original: string): Folded {
  let text = "";
  const origin: number[] = [];
  let index = 0;
  for (const char of original) {
    const folded = char.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
    for (let unit = 0; unit < folded.length; unit++) origin.push(index);
    text += folded;
    index += char.length;
  }
  origin.push(index);
  return { text, origin };
}

function words(original: string): Word[] {
  const folded = fold(original);
  const found: Word[] = [];
  for (const match of folded.text.matchAll(/[\p{L}\p{N}]+/gu)) {
    found.push({ word: match[0], start: folded.origin[match.index] ?? 0 });
  }
  return found;
}

/** The query's words, folded, in order; one-letter words only when there is nothing longer. */
export function queryTerms(query: string): string[] {
  const all = words(query.slice(0, helpSearchLimits.queryLength)).map((entry) => entry.word);
  const long = all.filter((word) => word.length > 1);
  return (long.length > 0 ? long : all).slice(0, 10);
}

interface FieldMatch {
  /** 0 to 99: 50 for the phrase, plus up to 49 for the words. */
  score: number;
  /** Which query words matched (by index into the unique terms). */
  matched: Set<number>;
  /** Original index of the first matching word, or -1. */
  firstAt: number;
}

function matchField(text: string, sequence: string[], unique: string[]): FieldMatch {
  const fieldWords = words(text);
  const matched = new Set<number>();
  let total = 0;
  let firstAt = -1;
  unique.forEach((term, termIndex) => {
    let best = 0;
    for (const { word, start } of fieldWords) {
      const value = word === term ? 1 : word.startsWith(term) ? 0.5 : 0;
      if (value === 0) continue;
      if (firstAt === -1 || start < firstAt) firstAt = start;
      best = Math.max(best, value);
      if (best === 1) break;
    }
    if (best > 0) matched.add(termIndex);
    total += best;
  });
  let phrase = false;
  if (sequence.length >= 2) {
    for (let at = 0; at + sequence.length <= fieldWords.length && !phrase; at++) {
      phrase = sequence.every((term, offset) => {
        const word = fieldWords[at + offset]?.word ?? "";
        // The last word may be unfinished, as it is while someone types.
        return offset === sequence.length - 1 ? word.startsWith(term) : word === term;
      });
    }
  }
  const score = (phrase ? 50 : 0) + (unique.length === 0 ? 0 : (49 * total) / unique.length);
  return { score, matched, firstAt };
}

const snippetLength = 160;
const snippetLead = 50;

/** About 160 characters of `text` around `at` (the start when -1), cut at spaces, with "…" where cut. */
export function snippetAround(text: string, at: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= snippetLength) return flat;
  // Positions refer to `text`; flattening only shortens runs of spaces, so map by counting.
  const before = text.slice(0, Math.max(0, at)).replace(/\s+/g, " ").trimStart().length;
  let start = Math.max(0, Math.min(before - snippetLead, flat.length - snippetLength));
  if (start > 0) {
    const space = flat.indexOf(" ", start);
    if (space !== -1 && space < start + 20 && space < before) start = space + 1;
  }
  let end = Math.min(flat.length, start + snippetLength);
  if (end < flat.length) {
    const space = flat.lastIndexOf(" ", end);
    if (space > start + snippetLength / 2) end = space;
  }
  return `${start > 0 ? "…" : ""}${flat.slice(start, end).trim()}${end < flat.length ? "…" : ""}`;
}

const round = (value: number) => Math.round(value * 1000) / 1000;

/** The matching articles, best first, at most `limit`; an empty query matches nothing. */
export function searchArticles(
  articles: readonly SearchableArticle[],
  query: string,
  limit: number = helpSearchLimits.results,
): HelpSearchResult[] {
  const sequence = queryTerms(query);
  const unique = [...new Set(sequence)];
  if (unique.length === 0) return [];
  const ranked: HelpSearchResult[] = [];
  for (const article of articles) {
    const title = matchField(article.title, sequence, unique);
    const description = matchField(article.description, sequence, unique);
    const body = matchField(article.bodyText, sequence, unique);
    const covered = new Set([...title.matched, ...description.matched, ...body.matched]).size;
    if (covered === 0) continue;
    const coverage = covered / unique.length;
    const score = coverage * 1_000_000 + title.score * 10_000 + description.score * 100 + body.score;
    const snippet =
      body.firstAt !== -1
        ? snippetAround(article.bodyText, body.firstAt)
        : description.firstAt !== -1
          ? snippetAround(article.description, description.firstAt)
          : snippetAround(article.bodyText || article.description, -1);
    ranked.push({
      id: article.id,
      collectionId: article.collectionId,
      title: article.title,
      description: article.description,
      snippet,
      score: round(score),
    });
  }
  ranked.sort(
    (a, b) =>
      b.score - a.score ||
      (a.title < b.title ? -1 : a.title > b.title ? 1 : 0) ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  return ranked.slice(0, limit);
}
