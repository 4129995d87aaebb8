import type { HelpCollection } from "../../shared/messenger-api.ts";
import { ListRow, QueryView, type ScreenProps, useApiQuery, useShell } from "../shell/shell-api.ts";

/** Placeholder (the help center replaces it): the collections. */
export default function HelpScreen(_: ScreenProps<"help">) {
  const { navigator } = useShell();
  const collections = useApiQuery<HelpCollection[]>("/help/collections");
  return (
    <div className="screen-content">
      <QueryView query={collections} isEmpty={(list) => list.length === 0}>
        {(list) => (
          <div className="card list">
            {list.map((collection) => (
              <ListRow
                key={collection.id}
                icon="help"
                title={collection.title}
                hint={collection.description}
                onClick={() => navigator.push({ name: "help-collection", collectionId: collection.id })}
              />
            ))}
          </div>
        )}
      </QueryView>
    </div>
  );
}
