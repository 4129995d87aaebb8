import { BuilderTokenRequest, type BuilderTokenResult } from "../../../shared/builder-messages.ts";
import { findAdminOutbound } from "../../domain/outbounds/outbounds-admin-repository.ts";
import { findTooltip } from "../../domain/outbounds/tooltips-repository.ts";
import type { ApiRoute } from "../../http/api-route.ts";
import { projectRoute, withProjectBody } from "../messenger/projects-routes.ts";
import type { PlatformDeps } from "../platform-deps.ts";
import { json, jsonError } from "../platform-request.ts";
import { outboundNotFoundMessage, tooltipNotFoundMessage } from "./not-found-messages.ts";

/**
 * `POST /api/projects/{projectId}/builder-token` (`BuilderTokenRequest`): what the admin hands the
 * builder on the site page instead of the access token. The token lasts 10 minutes, is tied to the
 * admin's sign-in session, and is taken only by `GET`/`PUT` of that one tour (an outbound of type
 * `tour`) or tooltip; every other route refuses it, and it cannot get another one. Its `PUT` changes
 * only the steps (selectors and texts) and is kept as a draft until an admin publishes it with their own
 * sign-in (`builder-draft-routes.ts`). Like signing in, issuing it writes nothing, so it is not audited
 * (its drafts are, as the admin's).
 */
export function builderTokenRoutes({ sql, guard }: PlatformDeps): ApiRoute[] {
  return [
    projectRoute(
      { sql, guard },
      "POST",
      "/api/projects/:projectId/builder-token",
      withProjectBody(BuilderTokenRequest, async (body, projectId, _id, admin) => {
        const { kind, itemId } = body;
        if (kind === "tour") {
          const outbound = await findAdminOutbound(sql, projectId, itemId);
          if (outbound?.type !== "tour") return jsonError(404, outboundNotFoundMessage);
        } else if (!(await findTooltip(sql, projectId, itemId)))
          return jsonError(404, tooltipNotFoundMessage);
        const result: BuilderTokenResult = await guard.issueBuilderToken(admin, { projectId, kind, itemId });
        return json(result);
      }),
    ),
  ];
}
