import { type OutboundKind, OutboundWrite, outboundKinds } from "../../../shared/inbox-api.ts";
import { type OutboundStatus, outboundStatuses } from "../../../shared/outbound-schemas.ts";
import { recordAudit } from "../../domain/audit/audit-log.ts";
import { deleteItemDrafts } from "../../domain/outbounds/builder-drafts-repository.ts";
import {
  deleteAdminOutbound,
  findAdminOutbound,
  insertAdminOutbound,
  listAdminOutbounds,
  outboundSortColumns,
  outboundStats,
  setOutboundStatus,
  updateAdminOutbound,
} from "../../domain/outbounds/outbounds-admin-repository.ts";
import type { ApiRoute } from "../../http/api-route.ts";
import { readListQuery } from "../../http/list-query.ts";
import type { Logger } from "../../logger.ts";
import type { Fanout } from "../../realtime/fanout.ts";
import { outboundPublishedSignal } from "../../realtime/signal-dispatch.ts";
import { inProject as inProjectOf, type ProjectItemHandler } from "../messenger/projects-routes.ts";
import type { PlatformDeps } from "../platform-deps.ts";
import { adminRoute, json, jsonError, readBody } from "../platform-request.ts";
import { saveTourDraft, tourForBuilder } from "./builder-draft-routes.ts";
import { outboundWriteRefusal } from "./outbound-write-refusal.ts";

export type OutboundsAdminDeps = PlatformDeps & { fanout: Fanout; logger?: Logger };

export const outboundNotFoundMessage = "Outbound content not found";

/** Reads a list filter that must be one of `allowed`, or answers why not. */
function listFilter<T extends string>(
  params: URLSearchParams,
  name: string,
  allowed: readonly T[],
): T | undefined | Response {
  const value = params.get(name)?.trim() ?? "";
  if (value === "") return undefined;
  return (allowed as readonly string[]).includes(value)
    ? (value as T)
    : jsonError(400, `${name} must be one of ${allowed.join(", ")}`, name);
}

/**
 * Outbound content for admins under `/api/projects/{projectId}/outbounds`: notifications, banners,
 * modals, surveys, checklists and tours, each with its page filter and audience. Content is written as
 * a draft; publishing makes it live and delivers it at once to the project's widgets connected now
 * (a fan-out signal, so every server process serves its own sockets). Every write is audited. Reading
 * and saving one tour also takes a builder token for that tour (`builder-token-routes.ts`); its save is
 * kept as a draft of the steps (`builder-draft-routes.ts`), never written into the tour itself.
 */
export function outboundsAdminRoutes(deps: OutboundsAdminDeps): ApiRoute[] {
  const { sql, guard, fanout } = deps;
  const base = "/api/projects/:projectId/outbounds";

  const inProject = (handle: ProjectItemHandler) => inProjectOf(sql, handle);

  const changeStatus = (status: OutboundStatus) =>
    inProject(async (_request, projectId, id, admin) => {
      const found = await findAdminOutbound(sql, projectId, id);
      if (!found) return jsonError(404, outboundNotFoundMessage);
      const changed = await sql.begin(async (tx) => {
        const done = await setOutboundStatus(tx, projectId, id, status);
        if (done)
          await recordAudit(tx, {
            actorId: admin.user.id,
            action: status === "live" ? "outbound.publish" : "outbound.unpublish",
            entity: "outbound",
            entityId: id,
            details: { projectId, type: found.type, name: found.name },
          });
        return done;
      });
      if (changed && status === "live") {
        // Best effort after the commit: the content is live either way, and widgets that miss the
        // signal (Redis down) get it with their next ping.
        await fanout.signal(outboundPublishedSignal, projectId).catch((error: unknown) =>
          deps.logger?.warn("live outbound signal failed", {
            error: error instanceof Error ? error.message : String(error),
          }),
        );
      }
      return json(await findAdminOutbound(sql, projectId, id));
    });

  return [
    adminRoute(
      guard,
      "GET",
      base,
      inProject(async (request, projectId) => {
        const query = readListQuery(new URL(request.url), outboundSortColumns, "-createdAt");
        if (query instanceof Response) return query;
        const type = listFilter<OutboundKind>(query.params, "type", outboundKinds);
        if (type instanceof Response) return type;
        const status = listFilter<OutboundStatus>(query.params, "status", outboundStatuses);
        if (status instanceof Response) return status;
        const { items, total } = await listAdminOutbounds(sql, projectId, query, { type, status });
        return json({ items, total, page: query.page, pageSize: query.pageSize });
      }),
    ),
    adminRoute(
      guard,
      "POST",
      base,
      inProject(async (request, projectId, _id, admin) => {
        const body = await readBody(request, OutboundWrite);
        if (!body.ok) return body.response;
        const refused = await outboundWriteRefusal(deps, projectId, body.value);
        if (refused) return refused;
        const id = await sql.begin(async (tx) => {
          const created = await insertAdminOutbound(tx, projectId, body.value);
          await recordAudit(tx, {
            actorId: admin.user.id,
            action: "outbound.create",
            entity: "outbound",
            entityId: created,
            details: { projectId, type: body.value.type, name: body.value.name },
          });
          return created;
        });
        return json(await findAdminOutbound(sql, projectId, id), { status: 201 });
      }),
    ),
    adminRoute(
      guard,
      "GET",
      `${base}/:id`,
      inProject(async (_request, projectId, id, admin) => {
        const found = await findAdminOutbound(sql, projectId, id);
        if (!found) return jsonError(404, outboundNotFoundMessage);
        // The builder goes on from the draft it saved (its token is scoped to this one tour).
        return json(admin.builder && found.type === "tour" ? await tourForBuilder(sql, found) : found);
      }),
      "tour",
    ),
    adminRoute(
      guard,
      "PUT",
      `${base}/:id`,
      inProject(async (request, projectId, id, admin) => {
        const body = await readBody(request, OutboundWrite);
        if (!body.ok) return body.response;
        const found = await findAdminOutbound(sql, projectId, id);
        if (!found) return jsonError(404, outboundNotFoundMessage);
        // The builder's token is readable by every script of the admin's site page: what it saves is a
        // draft of the steps, which goes live only when an admin publishes it with their own sign-in.
        if (admin.builder) return saveTourDraft(deps, found, body.value, admin);
        const refused = await outboundWriteRefusal(deps, projectId, body.value);
        if (refused) return refused;
        const updated = await sql.begin(async (tx) => {
          const done = await updateAdminOutbound(tx, projectId, id, body.value);
          if (done)
            await recordAudit(tx, {
              actorId: admin.user.id,
              action: "outbound.update",
              entity: "outbound",
              entityId: id,
              details: { projectId, type: body.value.type, name: body.value.name },
            });
          return done;
        });
        if (!updated) return jsonError(404, outboundNotFoundMessage);
        return json(await findAdminOutbound(sql, projectId, id));
      }),
      "tour",
    ),
    adminRoute(
      guard,
      "DELETE",
      `${base}/:id`,
      inProject(async (_request, projectId, id, admin) => {
        const found = await findAdminOutbound(sql, projectId, id);
        if (!found) return jsonError(404, outboundNotFoundMessage);
        await sql.begin(async (tx) => {
          await deleteItemDrafts(tx, "tour", id);
          if (await deleteAdminOutbound(tx, projectId, id))
            await recordAudit(tx, {
              actorId: admin.user.id,
              action: "outbound.delete",
              entity: "outbound",
              entityId: id,
              details: { projectId, type: found.type, name: found.name },
            });
        });
        return new Response(null, { status: 204 });
      }),
    ),
    adminRoute(guard, "POST", `${base}/:id/publish`, changeStatus("live")),
    adminRoute(guard, "POST", `${base}/:id/unpublish`, changeStatus("draft")),
    adminRoute(
      guard,
      "GET",
      `${base}/:id/stats`,
      inProject(async (_request, projectId, id) => {
        const found = await findAdminOutbound(sql, projectId, id);
        return found ? json(await outboundStats(sql, found)) : jsonError(404, outboundNotFoundMessage);
      }),
    ),
  ];
}
