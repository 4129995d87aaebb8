/**
 * What a list searched with `q` adds to its answer (`GET /api/feedback?q=…`,
 * `GET /api/projects/{p}/conversations?q=…`; docs/search.md).
 */

/**
 * Where a result matched: the field (a report's `shortId`, `tags`, `reporter`, `description`,
 * `messages`, `page`, `customData`, `network` or `console`; a conversation's `subject`, `visitor`,
 * `messages` or `collected`) and a piece of its text in which every matched word is in `<mark>` and
 * everything else is escaped HTML.
 */
export interface SearchMatch {
  field: string;
  snippet: string;
}

/**
 * A search answers its newest this many matches (after the filters), ranked; `totalCapped` says there
 * were more, and the search should be narrowed to reach them.
 */
export const searchResultsLimit = 500;

/** The part of a list page a search adds: `totalCapped` is true when more matched than were ranked. */
export interface SearchedListPage {
  totalCapped?: boolean;
}
