import type { SearchMatch } from "../../shared/search-api.ts";
import { adoptStyles } from "../shell/area-styles.ts";
import searchMatchCss from "./search-match.css" with { type: "text" };
import { snippetParts } from "./search-snippet.ts";

// Adopted with the first list that shows a match (area-styles.ts).
adoptStyles(searchMatchCss);

/**
 * Where a search result matched: the field's name, then its snippet with the matched words marked.
 * The snippet is isolated for bidirectional text (a right-to-left console line or name keeps its own
 * order beside the label in either direction) and wraps anywhere, so a long address never widens a
 * narrow screen.
 */
export function SearchMatchLine({ match, label }: { match: SearchMatch; label: string }) {
  return (
    <span className="search-match" data-testid="search-match" data-field={match.field}>
      <span className="search-match-field">{label}</span>{" "}
      <bdi className="search-match-snippet">
        {snippetParts(match.snippet).map((part, index) =>
          part.marked ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts are in a fixed order, never moved.
            <mark key={index}>{part.text}</mark>
          ) : (
            part.text
          ),
        )}
      </bdi>
    </span>
  );
}

/**
 * Above a searched list: that its results are ranked, and when more matched than were ranked, that the
 * search should be narrowed to reach the older ones (src/shared/search-api.ts).
 */
export function SearchNote({ text }: { text: string }) {
  return (
    <p className="search-note" data-testid="search-note">
      {text}
    </p>
  );
}
