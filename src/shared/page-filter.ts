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

/**
 * Compiled filters by type and filter text. The server matches every live outbound's filter on every
 * ping (issue 23: building the expression was 5 % of a ping's CPU); the distinct filters are few, and
 * the bound keeps a caller that sends many from growing it without end.
 */
const compiled = new Map<string, RegExp>();
const compiledKept = 1000;

function compiledFilter(anchored: string): RegExp {
  let pattern = compiled.get(anchored);
  if (!pattern) {
    pattern = new RegExp(anchored);
    if (compiled.size >= compiledKept) compiled.clear();
    compiled.set(anchored, pattern);
  }
  return pattern;
}

/** Each filter's pattern source, kept like its compiled forms. */
const sources = new Map<string, string>();

function sourceOf(filter: string): string {
  let source = sources.get(filter);
  if (source === undefined) {
    source = patternSource(filter);
    if (sources.size >= compiledKept) sources.clear();
    sources.set(filter, source);
  }
  return source;
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
  const source = sourceOf(cleanFilter);
  // Placeholders are letter-case agnostic by their class; literal text is compared as written.
  const test = (anchored: string) => compiledFilter(anchored).test(cleanUrl);
  switch (type) {
    case "is":
      return test(`^${source}$`);
    case "isnot":
      return !test(`^${source}$`);
    case "contains":
      return test(source);
    case "notcontains":
      return !test(source);
    case "startswith":
      return test(`^${source}`);
    case "endswith":
      return test(`${source}$`);
    default:
      return false;
  }
}
