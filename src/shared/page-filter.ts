/**
 * The page-filter matcher of spec §5, shared by the SDK (tooltips, tours, actions) and the server
 * (which delivers outbound content only where its filter matches). Pure: no DOM, no Bun APIs.
 */

export const pageFilterTypes = ["is", "isnot", "contains", "notcontains", "startswith", "endswith"] as const;
export type PageFilterType = (typeof pageFilterTypes)[number];

/**
 * `{word}` in a filter stands for one run of word characters or hyphens, e.g. a slug or an id.
 * Neighbouring placeholders are taken as one: two runs of the same class back to back only add
 * backtracking, and one run matches the same text.
 */
const placeholders = /(?:\{[\w-]*\})+/g;
const placeholderRun = "[\\w-]+";

const withoutTrailingSlash = (value: string) => value.replace(/\/+$/, "");

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The filter as a regular expression source: literal text escaped, each placeholder as a word run. */
function patternSource(filter: string): string {
  return filter.split(placeholders).map(escapeRegExp).join(placeholderRun);
}

/** What each type puts before and after the filter's source; the `not` types pass where the match fails. */
const anchors: Record<PageFilterType, readonly [string, string]> = {
  is: ["^", "$"],
  isnot: ["^", "$"],
  contains: ["", ""],
  notcontains: ["", ""],
  startswith: ["^", ""],
  endswith: ["", "$"],
};

/** A cleaned filter under `type` as one expression (null: a type that never passes). */
export function compilePageFilter(filter: string, type: string): RegExp | null {
  if (!Object.hasOwn(anchors, type)) return null;
  const [before, after] = anchors[type as PageFilterType];
  return new RegExp(before + patternSource(filter) + after);
}

/**
 * True when `url` (a full address) passes `filter` under `type`. Empty input passes, as in the
 * reference client: no filter, no type (content saved without a filter) or no address yet. An
 * unknown type never passes. A trailing slash on either side is ignored. `compile` lets the server
 * keep compiled filters (compiled-page-filters.ts); the SDK compiles the few it has each time.
 */
export function matchesPageFilter(
  url: string,
  filter: string,
  type: string,
  compile: (filter: string, type: string) => RegExp | null = compilePageFilter,
): boolean {
  const cleanFilter = withoutTrailingSlash(filter.trim());
  const cleanUrl = withoutTrailingSlash(url.trim());
  if (cleanFilter === "" || type === "" || cleanUrl === "") return true;
  // Placeholders are letter-case agnostic by their class; literal text is compared as written.
  const pattern = compile(cleanFilter, type);
  if (pattern === null) return false;
  return pattern.test(cleanUrl) !== (type === "isnot" || type === "notcontains");
}
