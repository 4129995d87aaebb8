import type { HelpSearchResult } from "../../shared/messenger-api.ts";
import {
  ListRow,
  QueryView,
  type ScreenProps,
  useApiQuery,
  useScreenTitle,
  useShell,
} from "../shell/shell-api.ts";

/** Placeholder (the help search replaces it): the results for the term. */
export default function HelpSearchScreen({ screen }: ScreenProps<"help-search">) {
  const { navigator } = useShell();
  const results = useApiQuery<HelpSearchResult[]>(`/help/search?q=${encodeURIComponent(screen.term)}`);
  useScreenTitle(`“${screen.term}”`);
  return (
    <div className="screen-content">
      <QueryView query={results} isEmpty={(list) => list.length === 0}>
        {(list) => (
          <div className="card list">
            {list.map((result) => (
              <ListRow
                key={result.id}
                title={result.title}
                hint={result.snippet}
                onClick={() => navigator.push({ name: "help-article", articleId: result.id })}
              />
            ))}
          </div>
        )}
      </QueryView>
    </div>
  );
}
