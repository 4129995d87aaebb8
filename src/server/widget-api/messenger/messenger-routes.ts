import type { WidgetRoute } from "../widget-api.ts";
import type { WidgetRouteDeps } from "../widget-route-deps.ts";
import { conversationsRoutes } from "./conversations-routes.ts";
import { featureRequestsRoutes } from "./feature-requests-routes.ts";
import { flowsRoutes } from "./flows-routes.ts";
import { helpRoutes } from "./help-routes.ts";
import { homeRoutes } from "./home-routes.ts";
import { newsRoutes } from "./news-routes.ts";
import { surveysRoutes } from "./surveys-routes.ts";

/** The messenger's content routes under `/api/widget` (src/shared/messenger-api.ts lists them). */
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
