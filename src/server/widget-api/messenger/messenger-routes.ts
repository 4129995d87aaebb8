import type { WidgetRoute } from "../widget-api.ts";
import type { WidgetRouteDeps } from "../widget-route-deps.ts";
import { conversationsRoutes } from "./conversations-routes.ts";
import { featureRequestsRoutes } from "./feature-requests-routes.ts";
import { flowsRoutes } from "./flows-routes.ts";
import { helpRoutes } from "./help-routes.ts";
import { homeRoutes } from "./home-routes.ts";
import { newsRoutes } from "./news-routes.ts";
import { surveysRoutes } from "./surveys-routes.ts";

/**
 * The messenger's content routes under `/api/widget` (each family's file in src/shared/ lists its own:
 * messenger-home-api.ts, feedback-flows-api.ts, conversations-api.ts, bots-api.ts, surveys-api.ts,
 * help-center-api.ts, news-api.ts, feature-requests-api.ts).
 */
export function messengerRoutes(deps: WidgetRouteDeps): WidgetRoute[] {
  return [
    ...homeRoutes(deps),
    ...flowsRoutes(deps),
    ...conversationsRoutes(deps),
    ...surveysRoutes(deps),
    ...helpRoutes(deps),
    ...newsRoutes(deps),
    ...featureRequestsRoutes(deps),
  ];
}
