import type { HelpCollection } from "../../shared/help-center-api.ts";
import { ContentIcon, type ContentIconName } from "../conversations/content-icons.tsx";
import { NewConversationButton } from "../conversations/new-conversation-button.tsx";
import {
  ListQuery,
  ListRow,
  ListSkeleton,
  type ScreenProps,
  useApiQuery,
  useShell,
  useTexts,
} from "../shell/shell-api.ts";
import { SearchField, SearchResults, useHelpSearch } from "./help-search.tsx";
import { helpTexts } from "./help-texts.ts";
import "./help.css";

/** A collection's `icon` (a name like "rocket", or an emoji) as an icon; unknown names get a book. */
export function CollectionIcon({ icon, size = 22 }: { icon: string; size?: number }) {
  const name = icon
    .trim()
    .toLowerCase()
    .replace(/[^a-z]/g, "");
  const known: Record<string, ContentIconName> = {
    rocket: "rocket",
    start: "rocket",
    gettingstarted: "rocket",
    users: "users",
    team: "users",
    people: "users",
    sharing: "users",
    settings: "settings",
    gear: "settings",
    billing: "card",
    card: "card",
    payment: "card",
    security: "shield",
    shield: "shield",
    privacy: "shield",
    bolt: "bolt",
    zap: "bolt",
    integrations: "bolt",
    flag: "flag",
    book: "book",
    docs: "book",
    chat: "chat",
    video: "video",
    image: "image",
    file: "file",
  };
  const found = known[name];
  if (found) return <ContentIcon name={found} size={size} />;
  const trimmed = icon.trim();
  if (trimmed !== "" && /[^\u0020-\u007e]/.test(trimmed) && [...trimmed].length <= 4)
    return (
      <span className="emoji-icon" aria-hidden="true">
        {trimmed}
      </span>
    );
  return <ContentIcon name="book" size={size} />;
}

function Collections() {
  const t = useTexts(helpTexts);
  const { navigator } = useShell();
  const collections = useApiQuery<HelpCollection[]>("/help/collections");
  return (
    <ListQuery
      query={collections}
      skeleton={<ListSkeleton rows={3} />}
      empty={{
        icon: "help",
        title: t("help.empty"),
        hint: t("help.emptyHint"),
        action: <NewConversationButton>{t("help.ask")}</NewConversationButton>,
      }}
    >
      {(list) => (
        <section aria-labelledby="help-collections-title">
          <h2 className="section-title" id="help-collections-title">
            {t("help.collections")}
          </h2>
          <ul className="card list help-collections" data-testid="help-collections">
            {list.map((collection) => (
              <li key={collection.id}>
                <ListRow
                  className="list-row list-row--action help-collection-row"
                  data-testid="help-collection"
                  onClick={() => navigator.push({ name: "help-collection", collectionId: collection.id })}
                  icon={<CollectionIcon icon={collection.icon} />}
                  title={collection.title}
                  hint={collection.description}
                >
                  <span className="help-count">{t("help.articles", { count: collection.articleCount })}</span>
                </ListRow>
              </li>
            ))}
          </ul>
        </section>
      )}
    </ListQuery>
  );
}

/** The search field over the collections, or over the results while there is a term. */
export function HelpCenter({ initialTerm, autoFocus = false }: { initialTerm: string; autoFocus?: boolean }) {
  const search = useHelpSearch(initialTerm);
  return (
    <div className="screen-content help">
      <div className="help-search-bar">
        <SearchField
          value={search.text}
          onChange={search.setText}
          busy={search.typing}
          autoFocus={autoFocus}
        />
      </div>
      {search.term ? <SearchResults term={search.term} /> : <Collections />}
    </div>
  );
}

/**
 * The help center (the Help tab, `open-helpcenter`): search above the collections with their article
 * counts; typing searches as it settles and shows ranked results in place.
 */
export default function HelpScreen(_: ScreenProps<"help">) {
  return <HelpCenter initialTerm="" />;
}
