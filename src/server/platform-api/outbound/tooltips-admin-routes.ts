import { TooltipWrite } from "../../../shared/inbox-api.ts";
import type { Authenticated } from "../../auth/auth-guard.ts";
import { recordAudit } from "../../domain/audit/audit-log.ts";
import { deleteItemDrafts } from "../../domain/outbounds/builder-drafts-repository.ts";
import {
  deleteTooltip,
  findTooltip,
  insertTooltip,
  listTooltips,
  setTooltipStatus,
  type TooltipStatus,
  tooltipSortColumns,
  updateTooltip,
} from "../../domain/outbounds/tooltips-repository.ts";
import { sanitizeHtml } from "../../domain/rich-text/html-sanitizer.ts";
import type { ApiRoute } from "../../http/api-route.ts";
import { readListQuery } from "../../http/list-query.ts";
import { inProject as inProjectOf, type ProjectItemHandler } from "../messenger/projects-routes.ts";
import type { PlatformDeps } from "../platform-deps.ts";
import { adminRoute, json, jsonError, readBody } from "../platform-request.ts";
import { saveTooltipDraft, tooltipForBuilder } from "./builder-draft-routes.ts";

export const tooltipNotFoundMessage = "Tooltip not found";

/**
 * A tooltip's html lands in the host page (inside the widget's shadow root, but in the host's
 * document), so it is cleaned when stored, like every rich text the server keeps.
 */
const cleaned = (write: TooltipWrite): TooltipWrite => ({ ...write, html: sanitizeHtml(write.html) });

/**
 * Tooltips for admins under `/api/projects/{projectId}/tooltips`: CRUD, publish and unpublish. The
 * widget's `GET /config/{sdkKey}/tooltips` answers only live ones; a widget reads them when its session
 * starts, so nothing is pushed. Every write is audited. Reading and saving one tooltip also takes a
 * builder token for that tooltip (`builder-token-routes.ts`); its save is kept as a draft
 * (`builder-draft-routes.ts`), never written into the tooltip itself.
 */
export function tooltipsAdminRoutes(deps: PlatformDeps): ApiRoute[] {
  const { sql, guard } = deps;
  const base = "/api/projects/:projectId/tooltips";

  const inProject = (handle: ProjectItemHandler) => inProjectOf(sql, handle);

  const audit = (tx: typeof sql, admin: Authenticated, action: string, id: string, details: object) =>
    recordAudit(tx, { actorId: admin.user.id, action, entity: "tooltip", entityId: id, details });

  const changeStatus = (status: TooltipStatus) =>
    inProject(async (_request, projectId, id, admin) => {
      const found = await findTooltip(sql, projectId, id);
      if (!found) return jsonError(404, tooltipNotFoundMessage);
      await sql.begin(async (tx) => {
        if (await setTooltipStatus(tx, projectId, id, status))
          await audit(tx, admin, status === "live" ? "tooltip.publish" : "tooltip.unpublish", id, {
            projectId,
            name: found.name,
          });
      });
      return json(await findTooltip(sql, projectId, id));
    });

  return [
    adminRoute(
      guard,
      "GET",
      base,
      inProject(async (request, projectId) => {
        const query = readListQuery(new URL(request.url), tooltipSortColumns, "-createdAt");
        if (query instanceof Response) return query;
        const status = query.params.get("status")?.trim() ?? "";
        if (status !== "" && status !== "live" && status !== "draft")
          return jsonError(400, "status must be one of draft, live", "status");
        const { items, total } = await listTooltips(sql, projectId, query, status || undefined);
        return json({ items, total, page: query.page, pageSize: query.pageSize });
      }),
    ),
    adminRoute(
      guard,
      "POST",
      base,
      inProject(async (request, projectId, _id, admin) => {
        const body = await readBody(request, TooltipWrite);
        if (!body.ok) return body.response;
        const write = cleaned(body.value);
        const id = await sql.begin(async (tx) => {
          const created = await insertTooltip(tx, projectId, write);
          await audit(tx, admin, "tooltip.create", created, { projectId, name: write.name });
          return created;
        });
        return json(await findTooltip(sql, projectId, id), { status: 201 });
      }),
    ),
    adminRoute(
      guard,
      "GET",
      `${base}/:id`,
      inProject(async (_request, projectId, id, admin) => {
        const found = await findTooltip(sql, projectId, id);
        if (!found) return jsonError(404, tooltipNotFoundMessage);
        // The builder goes on from the draft it saved (its token is scoped to this one tooltip).
        return json(admin.builder ? await tooltipForBuilder(sql, projectId, found) : found);
      }),
      "tooltip",
    ),
    adminRoute(
      guard,
      "PUT",
      `${base}/:id`,
      inProject(async (request, projectId, id, admin) => {
        const body = await readBody(request, TooltipWrite);
        if (!body.ok) return body.response;
        const write = cleaned(body.value);
        if (admin.builder) {
          // A builder token's save is a draft of the target and text, for an admin to publish.
          const found = await findTooltip(sql, projectId, id);
          if (!found) return jsonError(404, tooltipNotFoundMessage);
          return saveTooltipDraft(deps, projectId, found, write, admin);
        }
        const updated = await sql.begin(async (tx) => {
          const done = await updateTooltip(tx, projectId, id, write);
          if (done) await audit(tx, admin, "tooltip.update", id, { projectId, name: write.name });
          return done;
        });
        if (!updated) return jsonError(404, tooltipNotFoundMessage);
        return json(await findTooltip(sql, projectId, id));
      }),
      "tooltip",
    ),
    adminRoute(
      guard,
      "DELETE",
      `${base}/:id`,
      inProject(async (_request, projectId, id, admin) => {
        const found = await findTooltip(sql, projectId, id);
        if (!found) return jsonError(404, tooltipNotFoundMessage);
        await sql.begin(async (tx) => {
          await deleteItemDrafts(tx, "tooltip", id);
          if (await deleteTooltip(tx, projectId, id))
            await audit(tx, admin, "tooltip.delete", id, { projectId, name: found.name });
        });
        return new Response(null, { status: 204 });
      }),
    ),
    adminRoute(guard, "POST", `${base}/:id/publish`, changeStatus("live")),
    adminRoute(guard, "POST", `${base}/:id/unpublish`, changeStatus("draft")),
  ];
}
