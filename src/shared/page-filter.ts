/**
 * The page-filter matcher of spec §5, shared by the SDK (tooltips, tours, actions) and the server
 * (which delivers outbound content only where its filter matches). Pure: no DOM, no Bun APIs.
 */

export const pageFilterTypes = ["is", "isnot", "contains", "notcontains", "startswith", "endswith"] as const;
export type PageFilterType = (typeof pageFilterTypes)[number];

/** `{word}` in a filter stands for one run of word characters or hyphens, e.g. a slug or an id. */
const placeholder = /\{[\w-]*\}/g;
const placeholderRun = "[\\w-]+";

const withoutTrailingSlash = (value: string) => value.replace(/\/+$/, "");

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The filter as a regular expression source: literal text escaped, each placeholder as a word run. */
function patternSource(filter: string): string {
  const literals = filter.split(placeholder);
  // Neighbouring placeholders would be two runs of the same class back to back, which only adds
  // backtracking; one run matches the same text.
  return literals.map(escapeRegExp).reduce((source, literal, index) => {
    if (index === 0) return literal;
    const joined = source.endsWith(placeholderRun) ? source : source + placeholderRun;
    return joined + literal;
  }, "");
}

/** Each type's expression around the filter's source; the `not` types pass where the match fails. */
function anchoredSource(source: string, type: string): string | null {
  switch (type) {
    case "is":
    case "isnot":
      return `^${source}$`;
    case "contains":
    case "notcontains":
      return source;
    case "startswith":
      return `^${source}`;
    case "endswith":
      return `${source}$`;
    default:
      return null;
  }
}

/**
 * Compiled filters by type and filter text (null: a type that never passes). The server matches every
 * live outbound's filter on every ping (issue 23: building the expression was 5 % of a ping's CPU); the
 * distinct filters are few, and the bound keeps a caller that sends many from growing it without end.
 */
const compiled = new Map<string, RegExp | null>();
const compiledKept = 1000;

function compiledFilter(filter: string, type: string): RegExp | null {
  const key = `${type}\n${filter}`;
  let pattern = compiled.get(key);
  if (pattern === undefined) {
    const anchored = anchoredSource(patternSource(filter), type);
    pattern = anchored === null ? null : new RegExp(anchored);
    if (compiled.size >= compiledKept) compiled.clear();
    compiled.set(key, pattern);
  }
  return pattern;
}

/**
 * True when `url` (a full address) passes `filter` under `type`. Empty input passes, as in the
 * reference client: no filter, no type (content saved without a filter) or no address yet. An
 * unknown type never passes. A trailing slash on either side is ignored.
 */
export function matchesPageFilter(url: string, filter: string, type: string): boolean {
  const cleanFilter = withoutTrailingSlash(filter.trim());
  const cleanUrl = withoutTrailingSlash(url.trim());
  if (cleanFilter === "" || type === "" || cleanUrl === "") return true;
  // Placeholders are letter-case agnostic by their class; literal text is compared as written.
  const pattern = compiledFilter(cleanFilter, type);
  if (pattern === null) return false;
  return pattern.test(cleanUrl) !== (type === "isnot" || type === "notcontains");
}
