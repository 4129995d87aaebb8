import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from "react";
import type { HelpCollection, HelpSearchResult } from "../../shared/help-center-api.ts";
import { ContentIcon } from "../conversations/content-icons.tsx";
import { NewConversationButton } from "../conversations/new-conversation-button.tsx";
import {
  EmptyCard,
  ErrorState,
  Icon,
  ListRow,
  ListSkeleton,
  useApiQuery,
  useShell,
  useTexts,
} from "../shell/shell-api.ts";
import { helpTexts } from "./help-texts.ts";

/**
 * The longest query the server takes (`helpSearchLimits.queryLength` in src/shared/help-center-api.ts;
 * not imported, since that module's value imports bring superstruct's schema helpers into the chunk
 * the first screen shares with every lazy one).
 */
const maxQueryLength = 200;

/** Typing settles for this long before the search goes out. */
export const searchDebounceMs = 250;

export const searchPath = (term: string) => `/help/search?q=${encodeURIComponent(term)}`;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The text with the query's words marked (`<mark>`), longest words first, any case. */
export function highlight(text: string, query: string): ReactNode[] {
  const words = [
    ...new Set(
      query
        .toLowerCase()
        .split(/\s+/)
        .filter((word) => word.length >= 2),
    ),
  ].sort((a, b) => b.length - a.length);
  if (words.length === 0 || text === "") return [text];
  const pattern = new RegExp(`(${words.map(escapeRegExp).join("|")})`, "giu");
  return text
    .split(pattern)
    .map((part, index) =>
      index % 2 === 1 ? (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one split text, always in this order
        <mark className="highlight" key={index}>
          {part}
        </mark>
      ) : (
        part
      ),
    )
    .filter((part) => part !== "");
}

export function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/** The search field: a labelled search box; Escape clears it (and only closes the widget when empty). */
export function SearchField({
  value,
  onChange,
  busy,
  autoFocus = false,
}: {
  value: string;
  onChange(value: string): void;
  busy: boolean;
  autoFocus?: boolean;
}) {
  const t = useTexts(helpTexts);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (autoFocus) input.current?.focus({ preventScroll: true });
  }, [autoFocus]);
  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Escape" && value !== "") {
      // Handled: the shell's Escape (close the widget) leaves it alone.
      event.preventDefault();
      onChange("");
    }
  };
  return (
    <search className="card search-card help-search">
      <span className="help-search-icon" aria-hidden="true">
        {busy ? <span className="button-spinner" /> : <Icon name="search" size={18} />}
      </span>
      <label className="visually-hidden" htmlFor="help-search-input">
        {t("help.searchLabel")}
      </label>
      <input
        ref={input}
        id="help-search-input"
        className="search-input"
        type="search"
        dir="auto"
        autoComplete="off"
        enterKeyHint="search"
        maxLength={maxQueryLength}
        placeholder={t("help.search")}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={keyDown}
        data-testid="help-search-input"
      />
      {value !== "" && (
        <button
          type="button"
          className="icon-button search-button"
          aria-label={t("help.clear")}
          title={t("help.clear")}
          onClick={() => {
            onChange("");
            input.current?.focus();
          }}
        >
          <Icon name="close" size={16} />
        </button>
      )}
    </search>
  );
}

/**
 * Ranked results for a term (`GET /help/search?q=`, best first): title and snippet with the words
 * marked, the collection each is in; what was found is said to screen readers. While a new search
 * runs, the previous results stay (dimmed) instead of flashing a skeleton.
 */
export function SearchResults({ term }: { term: string }) {
  const t = useTexts(helpTexts);
  const { navigator } = useShell();
  const query = useApiQuery<HelpSearchResult[]>(term ? searchPath(term) : null);
  const collections = useApiQuery<HelpCollection[]>("/help/collections");
  const last = useRef<{ term: string; results: HelpSearchResult[] } | null>(null);
  if (query.status === "ready" && query.data) last.current = { term, results: query.data };
  const shown = last.current;
  const collectionTitle = (id: string) => collections.data?.find((collection) => collection.id === id)?.title;

  if (query.status === "error") return <ErrorState error={query.error} onRetry={query.retry} />;
  if (!shown) return <ListSkeleton rows={3} />;
  const stale = query.status === "loading";
  const announce =
    shown.results.length === 0
      ? t("help.noResults", { term: shown.term })
      : t("help.results", { count: shown.results.length });
  return (
    <div className={stale ? "help-results is-stale" : "help-results"} aria-busy={stale || undefined}>
      <p className="visually-hidden" role="status" data-testid="help-results-status">
        {stale ? t("help.searching") : announce}
      </p>
      {shown.results.length === 0 ? (
        <EmptyCard icon="search" title={t("help.noResults", { term: shown.term })}>
          <p>{t("help.noResultsHint")}</p>
          <NewConversationButton>
            <ContentIcon name="chat" size={18} />
            {t("help.ask")}
          </NewConversationButton>
        </EmptyCard>
      ) : (
        <ul className="card list help-result-list" data-testid="help-results">
          {shown.results.map((result) => {
            const collection = collectionTitle(result.collectionId);
            return (
              <li key={result.id}>
                <ListRow
                  className="list-row list-row--action help-result"
                  data-testid="help-result"
                  onClick={() => navigator.push({ name: "help-article", articleId: result.id })}
                  title={highlight(result.title, shown.term)}
                  hint={
                    (result.snippet || result.description) &&
                    highlight(result.snippet || result.description, shown.term)
                  }
                  hintClassName="row-hint help-snippet"
                >
                  {collection && (
                    <span className="help-result-collection">{t("help.inCollection", { collection })}</span>
                  )}
                </ListRow>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

/** What each help screen's field held, by navigation entry: Back from an article shows the same search. */
const searches = new Map<number, string>();

/** The search as the help screens use it: the field's text, and the settled term to search for. */
export function useHelpSearch(initial: string) {
  const { navigator } = useShell();
  const [entry] = useState(() => navigator.current().id);
  const [text, setTextState] = useState(() => searches.get(entry) ?? initial);
  const setText = (value: string) => {
    searches.set(entry, value);
    setTextState(value);
  };
  // The first term (the host's `open-helpcenter-search`, the home's search) searches at once.
  const term = useDebounced(text.trim(), searchDebounceMs);
  return { text, setText, term, typing: text.trim() !== term };
}
