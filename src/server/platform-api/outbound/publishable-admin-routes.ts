import type { SQL } from "bun";
import type { Struct } from "superstruct";
import type { BuilderKind } from "../../../shared/builder-messages.ts";
import { type OutboundStatus, outboundStatuses } from "../../../shared/outbound-api.ts";
import type { Authenticated } from "../../auth/auth-guard.ts";
import { recordAudit } from "../../domain/audit/audit-log.ts";
import { deleteItemDrafts } from "../../domain/outbounds/builder-drafts-repository.ts";
import type { ApiRoute } from "../../http/api-route.ts";
import { type ListQuery, readListQuery } from "../../http/list-query.ts";
import { inProject as inProjectOf, type ProjectItemHandler } from "../messenger/projects-routes.ts";
import type { PlatformDeps } from "../platform-deps.ts";
import { adminRoute, json, jsonError, readBody } from "../platform-request.ts";

/** Reads a list filter that must be one of `allowed`, or answers why not. */
export function listFilter<T extends string>(
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
 * One kind of content an admin writes as a draft and publishes, under
 * `/api/projects/{projectId}/{path}`: list (`status` and the kind's own filters), create, read, update
 * (PUT, the whole record), delete, publish and unpublish, each write audited in its transaction.
 * Reading and saving one item also take a builder token for that item (`builder-token-routes.ts`); its
 * save is kept as a draft (`builder-draft-routes.ts`), never written into the item itself.
 */
export interface PublishableKind<Write, Item, Filters extends object> {
  /** Below the project: `outbounds`, `tooltips`. */
  path: string;
  /** The audit log's entity; actions are `{entity}.create`, `.update`, `.delete`, `.publish`, `.unpublish`. */
  entity: string;
  /** What a builder token for one item of this kind names. */
  builderKind: BuilderKind;
  notFoundMessage: string;
  schema: Struct<Write, unknown>;
  sortable: { [field: string]: string };
  /** The kind's list filters besides `status`, read first, or a 400 naming the parameter. */
  listFilters(params: URLSearchParams): Filters | Response;
  list(
    sql: SQL,
    projectId: string,
    query: ListQuery,
    filters: Filters & { status: OutboundStatus | undefined },
  ): Promise<{ items: Item[]; total: number }>;
  find(sql: SQL, projectId: string, id: string): Promise<Item | null>;
  insert(sql: SQL, projectId: string, write: Write): Promise<string>;
  /** False when the project has no such item. */
  update(sql: SQL, projectId: string, id: string, write: Write): Promise<boolean>;
  remove(sql: SQL, projectId: string, id: string): Promise<boolean>;
  /** False when the item has no such row or already had the status. */
  setStatus(sql: SQL, projectId: string, id: string, status: OutboundStatus): Promise<boolean>;
  /** The write as it is stored (cleaned), or why it cannot be: asked before each create and update. */
  prepare(projectId: string, write: Write): Promise<Write | Response>;
  /** What the audit entry records of an item (its name, and its type where it has one). */
  describe(value: Write | Item): { [key: string]: unknown };
  /** What a builder token reads: the item with the draft it saved. */
  forBuilder(sql: SQL, projectId: string, item: Item): Promise<Item>;
  /** A builder token's PUT: a draft for an admin to publish, never a write into the item. */
  saveDraft(projectId: string, item: Item, write: Write, admin: Authenticated): Promise<Response>;
  /** Runs after an item went live (its transaction committed). */
  afterPublish?(projectId: string): Promise<void>;
  /** Runs after any write to an item committed (what the widget API keeps of live content is dropped). */
  afterChange?(projectId: string): Promise<void>;
  /** `GET …/{id}/stats`, for kinds that count what their items did. */
  stats?(sql: SQL, item: Item): Promise<unknown>;
}

/** The admin routes of one publishable kind (see {@link PublishableKind}). */
export function publishableAdminRoutes<Write, Item, Filters extends object>(
  { sql, guard }: PlatformDeps,
  kind: PublishableKind<Write, Item, Filters>,
): ApiRoute[] {
  const base = `/api/projects/:projectId/${kind.path}`;
  const inProject = (handle: ProjectItemHandler) => inProjectOf(sql, handle);
  const notFound = () => jsonError(404, kind.notFoundMessage);

  const audit = (tx: SQL, admin: Authenticated, verb: string, id: string, details: object) =>
    recordAudit(tx, {
      actorId: admin.user.id,
      action: `${kind.entity}.${verb}`,
      entity: kind.entity,
      entityId: id,
      details,
    });

  const list = inProject(async (request, projectId) => {
    const query = readListQuery(new URL(request.url), kind.sortable, "-createdAt");
    if (query instanceof Response) return query;
    const filters = kind.listFilters(query.params);
    if (filters instanceof Response) return filters;
    const status = listFilter<OutboundStatus>(query.params, "status", outboundStatuses);
    if (status instanceof Response) return status;
    const { items, total } = await kind.list(sql, projectId, query, { ...filters, status });
    return json({ items, total, page: query.page, pageSize: query.pageSize });
  });

  const create = inProject(async (request, projectId, _id, admin) => {
    const body = await readBody(request, kind.schema);
    if (!body.ok) return body.response;
    const write = await kind.prepare(projectId, body.value);
    if (write instanceof Response) return write;
    const id = await sql.begin(async (tx) => {
      const created = await kind.insert(tx, projectId, write);
      await audit(tx, admin, "create", created, { projectId, ...kind.describe(write) });
      return created;
    });
    await kind.afterChange?.(projectId);
    return json(await kind.find(sql, projectId, id), { status: 201 });
  });

  const read = inProject(async (_request, projectId, id, admin) => {
    const found = await kind.find(sql, projectId, id);
    if (!found) return notFound();
    // The builder goes on from the draft it saved (its token is scoped to this one item).
    return json(admin.builder ? await kind.forBuilder(sql, projectId, found) : found);
  });

  const update = inProject(async (request, projectId, id, admin) => {
    const body = await readBody(request, kind.schema);
    if (!body.ok) return body.response;
    const found = await kind.find(sql, projectId, id);
    if (!found) return notFound();
    // The builder's token is readable by every script of the admin's site page: what it saves is a
    // draft, which goes live only when an admin publishes it with their own sign-in.
    if (admin.builder) return kind.saveDraft(projectId, found, body.value, admin);
    const write = await kind.prepare(projectId, body.value);
    if (write instanceof Response) return write;
    const updated = await sql.begin(async (tx) => {
      const done = await kind.update(tx, projectId, id, write);
      if (done) await audit(tx, admin, "update", id, { projectId, ...kind.describe(write) });
      return done;
    });
    if (!updated) return notFound();
    await kind.afterChange?.(projectId);
    return json(await kind.find(sql, projectId, id));
  });

  const remove = inProject(async (_request, projectId, id, admin) => {
    const found = await kind.find(sql, projectId, id);
    if (!found) return notFound();
    await sql.begin(async (tx) => {
      await deleteItemDrafts(tx, kind.builderKind, id);
      if (await kind.remove(tx, projectId, id))
        await audit(tx, admin, "delete", id, { projectId, ...kind.describe(found) });
    });
    await kind.afterChange?.(projectId);
    return new Response(null, { status: 204 });
  });

  const changeStatus = (status: OutboundStatus) =>
    inProject(async (_request, projectId, id, admin) => {
      const found = await kind.find(sql, projectId, id);
      if (!found) return notFound();
      const changed = await sql.begin(async (tx) => {
        const done = await kind.setStatus(tx, projectId, id, status);
        if (done)
          await audit(tx, admin, status === "live" ? "publish" : "unpublish", id, {
            projectId,
            ...kind.describe(found),
          });
        return done;
      });
      if (changed) await kind.afterChange?.(projectId);
      if (changed && status === "live") await kind.afterPublish?.(projectId);
      return json(await kind.find(sql, projectId, id));
    });

  const routes = [
    adminRoute(guard, "GET", base, list),
    adminRoute(guard, "POST", base, create),
    adminRoute(guard, "GET", `${base}/:id`, read, kind.builderKind),
    adminRoute(guard, "PUT", `${base}/:id`, update, kind.builderKind),
    adminRoute(guard, "DELETE", `${base}/:id`, remove),
    adminRoute(guard, "POST", `${base}/:id/publish`, changeStatus("live")),
    adminRoute(guard, "POST", `${base}/:id/unpublish`, changeStatus("draft")),
  ];
  const { stats } = kind;
  if (stats) {
    routes.push(
      adminRoute(
        guard,
        "GET",
        `${base}/:id/stats`,
        inProject(async (_request, projectId, id) => {
          const found = await kind.find(sql, projectId, id);
          return found ? json(await stats(sql, found)) : notFound();
        }),
      ),
    );
  }
  return routes;
}
