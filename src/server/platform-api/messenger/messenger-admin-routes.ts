import type { ApiRoute } from "../../http/api-route.ts";
import { contentAdminRoutes } from "./content-admin-routes.ts";
import {
  botsKind,
  featureRequestsKind,
  feedbackFlowsKind,
  helpArticlesKind,
  helpCollectionsKind,
  newsKind,
  surveysKind,
} from "./content-kinds.ts";
import type { ConversationsAdminDeps } from "./conversation-handlers/conversation-scope.ts";
import { conversationsAdminRoutes } from "./conversations-admin-routes.ts";
import { featureRequestApprovalRoutes } from "./feature-request-approval-routes.ts";
import { featureRequestMergeRoutes } from "./feature-request-merge-routes.ts";
import { helpSearchPreviewRoutes } from "./help-search-preview-routes.ts";
import { projectsRoutes } from "./projects-routes.ts";
import { surveyResultsRoutes } from "./survey-results-routes.ts";

/** What the messenger's admin routes use: the platform's, plus the fan-out for staff replies. */
export type MessengerAdminDeps = ConversationsAdminDeps;

/**
 * The messenger's admin API: the widget projects and, under `/api/projects/{projectId}/`,
 * each kind of content and the conversations. Admin only; every write audited.
 */
export function messengerAdminRoutes(deps: MessengerAdminDeps): ApiRoute[] {
  return [
    ...projectsRoutes(deps),
    // The results route comes before the kinds' `surveys/:id` routes only for reading order: its
    // path has one segment more, so the two never match the same request.
    ...surveyResultsRoutes(deps),
    ...contentAdminRoutes(deps, feedbackFlowsKind),
    ...contentAdminRoutes(deps, botsKind),
    ...contentAdminRoutes(deps, surveysKind),
    ...contentAdminRoutes(deps, helpCollectionsKind),
    ...contentAdminRoutes(deps, helpArticlesKind),
    ...helpSearchPreviewRoutes(deps),
    ...contentAdminRoutes(deps, newsKind),
    // Before the kind's routes: its `feature-requests/:id` would take `pending` for an id.
    ...featureRequestApprovalRoutes(deps),
    ...featureRequestMergeRoutes(deps),
    ...contentAdminRoutes(deps, featureRequestsKind),
    ...conversationsAdminRoutes(deps),
  ];
}
