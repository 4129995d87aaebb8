import type { FeatureRequest } from "../../shared/messenger-api.ts";
import { ListRow, path, QueryView, type ScreenProps, useApiQuery, useShell } from "../shell/shell-api.ts";

/** Placeholder (the feature requests screen replaces it): the requests by votes; a tap votes. */
export default function FeatureRequestsScreen(_: ScreenProps<"feature-requests">) {
  const { api, queries } = useShell();
  const requests = useApiQuery<FeatureRequest[]>("/feature-requests?sort=top");
  const vote = async (id: string) => {
    await api.post<FeatureRequest>(path`/feature-requests/${id}/vote`).catch(() => null);
    queries.invalidate("/feature-requests");
  };
  return (
    <div className="screen-content">
      <QueryView query={requests} isEmpty={(list) => list.length === 0}>
        {(list) => (
          <div className="card list">
            {list.map((request) => (
              <ListRow
                key={request.id}
                icon={request.voted ? "check" : "idea"}
                title={request.title}
                hint={request.description}
                meta={`▲ ${request.votes}`}
                onClick={() => void vote(request.id)}
              />
            ))}
          </div>
        )}
      </QueryView>
    </div>
  );
}
