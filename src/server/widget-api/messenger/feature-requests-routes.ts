import { NewFeatureRequest } from "../../../shared/feature-requests-api.ts";
import {
  findWidgetFeatureRequest,
  listWidgetFeatureRequests,
  requestsNeedApproval,
  submitFeatureRequest,
  toggleVote,
} from "../../domain/feature-requests/feature-requests-repository.ts";
import { json, jsonError } from "../../http/json-response.ts";
import { readJsonBody } from "../../http/read-json-body.ts";
import type { WidgetContext, WidgetRoute } from "../widget-api.ts";
import type { WidgetRouteDeps } from "../widget-route-deps.ts";
import { createFeatureRequestLimiter } from "./feature-requests-limits.ts";
import { sessionOf } from "./route-context.ts";

const base = "/api/widget/feature-requests";

/**
 * The project's feature requests: the list (`top` or `new`), a visitor's own request, and votes.
 * Submitting and voting have per-session quotas; a project that approves requests first keeps a new
 * one visible to its author alone until an admin approves it.
 */
export function featureRequestsRoutes({ sql }: WidgetRouteDeps): WidgetRoute[] {
  const limiter = createFeatureRequestLimiter(sql);

  async function list(context: WidgetContext): Promise<Response> {
    const session = sessionOf(context);
    if (session instanceof Response) return session;
    const sort = context.url.searchParams.get("sort") || "top";
    if (sort !== "top" && sort !== "new") return jsonError(400, "sort must be top or new", "sort");
    return json(await listWidgetFeatureRequests(sql, context.project.id, session.id, sort));
  }

  async function submit(context: WidgetContext): Promise<Response> {
    const session = sessionOf(context);
    if (session instanceof Response) return session;
    const body = await readJsonBody(context.request, NewFeatureRequest);
    if (!body.ok) return body.response;
    if (body.value.title.trim().length < 3)
      return jsonError(400, "title must be at least 3 characters", "title");
    const projectId = context.project.id;
    return limiter.submit(session.id, context.ip, async () => {
      const approved = !(await requestsNeedApproval(sql, projectId));
      const id = await submitFeatureRequest(sql, projectId, session.id, body.value, approved);
      return json(await findWidgetFeatureRequest(sql, projectId, session.id, id), { status: 201 });
    });
  }

  async function vote(context: WidgetContext): Promise<Response> {
    const session = sessionOf(context);
    if (session instanceof Response) return session;
    const refused = await limiter.refuseVote(session.id);
    if (refused) return refused;
    const id = context.params.id ?? "";
    const found = await findWidgetFeatureRequest(sql, context.project.id, session.id, id);
    if (!found) return jsonError(404, `No feature request ${id}`);
    await toggleVote(sql, found.id, session.id);
    return json(await findWidgetFeatureRequest(sql, context.project.id, session.id, id));
  }

  return [
    { method: "GET", pattern: base, auth: "session", handle: list },
    { method: "POST", pattern: base, auth: "session", handle: submit },
    { method: "POST", pattern: `${base}/:id/vote`, auth: "session", handle: vote },
  ];
}
