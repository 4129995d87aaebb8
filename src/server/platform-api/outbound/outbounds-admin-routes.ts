import type { StructError } from "superstruct";
import { failureBody } from "../../../shared/form-rules.ts";
import { type OutboundKind, OutboundWrite, outboundKinds } from "../../../shared/inbox-api.ts";
import {
  type OutboundStatus,
  outboundConfigError,
  outboundStatuses,
} from "../../../shared/outbound-schemas.ts";
import type { Logger } from "../../logger.ts";
import type { ApiRoute } from "../../main-origin.ts";
import type { Fanout } from "../../realtime/fanout.ts";
import { outboundPublishedSignal } from "../../widget-api/outbound/live-delivery.ts";
import { recordAudit } from "../audit-log.ts";
import { readListQuery } from "../list-query.ts";
import { inProject as inProjectOf, type ProjectItemHandler } from "../messenger/projects-routes.ts";
import type { PlatformDeps } from "../platform-deps.ts";
import { adminRoute, json, jsonError, readBody } from "../platform-request.ts";
import {
  deleteAdminOutbound,
  findAdminOutbound,
  insertAdminOutbound,
  listAdminOutbounds,
  outboundSortColumns,
  outboundStats,
  setOutboundStatus,
  surveyExists,
  updateAdminOutbound,
} from "./outbounds-admin-repository.ts";

export type OutboundsAdminDeps = PlatformDeps & { fanout: Fanout; logger?: Logger };

export const outboundNotFoundMessage = "Outbound content not found";

/** A config failure named from the body's root (`config.text`), as the admin's form knows the field. */
function configFailure(error: StructError): Response {
  const nested = {
    failures: () => error.failures().map((failure) => ({ ...failure, path: ["config", ...failure.path] })),
  } as unknown as StructError;
  const body = failureBody(nested);
  return jsonError(400, body.error, body.field);
}

/**
 * Why a write cannot be stored, or null: its config must fit its kind (outbound-schemas.ts), and a
 * survey must name a survey of the project to show (the widget opens that form).
 */
async function refusal(
  deps: PlatformDeps,
  projectId: string,
  write: OutboundWrite,
): Promise<Response | null> {
  const error = outboundConfigError(write.type, write.config);
  if (error) return configFailure(error);
  if (write.type === "survey") {
    const formId = write.config.formId;
    if (typeof formId !== "string" || formId.trim() === "")
      return jsonError(400, "config.formId is required", "config.formId");
    if (!(await surveyExists(deps.sql, projectId, formId)))
      return jsonError(400, "config.formId must name a survey of this project", "config.formId");
  }
  return null;
}

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
 * and saving one tour also takes a builder token for that tour (`builder-token-routes.ts`).
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
        const refused = await refusal(deps, projectId, body.value);
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
      inProject(async (_request, projectId, id) => {
        const found = await findAdminOutbound(sql, projectId, id);
        return found ? json(found) : jsonError(404, outboundNotFoundMessage);
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
        // The builder edits a tour's steps; its token cannot turn the item into other content.
        if (admin.builder && (found.type !== "tour" || body.value.type !== "tour"))
          return jsonError(403, "A builder token saves a tour only");
        const refused = await refusal(deps, projectId, body.value);
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
