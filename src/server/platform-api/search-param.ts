import { optional, refine, string, type } from "superstruct";
import { parseSearch } from "../domain/search/search-query.ts";
import { validateBody } from "../http/read-json-body.ts";

/** A list's `q`: any text the search language reads (search-query.ts); too long or too many words is refused. */
export const SearchText = refine(string(), "SearchText", (value) => {
  const parsed = parseSearch(value.trim());
  return parsed.ok || parsed.error.replace(/^q /, "");
});

/** The search parameter of a searched list (the inbox, conversations). */
export const SearchParams = type({ q: optional(SearchText) });

/** A 400 naming `q` when a list's search cannot be searched (`q is invalid: must have at most 16 words`). */
export function searchParamProblem(params: URLSearchParams): Response | null {
  const checked = validateBody({ q: params.get("q") ?? undefined }, SearchParams);
  return checked.ok ? null : checked.response;
}
