import type { SQL } from "bun";
import type { Struct } from "superstruct";
import type { BuilderKind } from "../../../../shared/builder-messages.ts";
import type { OutboundStatus } from "../../../../shared/outbound-api.ts";
import type { Authenticated } from "../../../auth/auth-guard.ts";
import { recordAudit } from "../../../domain/audit/audit-log.ts";
import type { ListQuery } from "../../../http/list-query.ts";
import type { ProjectItemHandler } from "../../messenger/projects-routes.ts";
import { jsonError } from "../../platform-request.ts";

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

/** What every handler of a publishable kind's routes works with. */
export interface PublishableScope<Write, Item, Filters extends object> {
  sql: SQL;
  kind: PublishableKind<Write, Item, Filters>;
  notFound(): Response;
  /** Records `{entity}.{verb}` of item `id` in the audit log, in the write's transaction `tx`. */
  audit(tx: SQL, admin: Authenticated, verb: string, id: string, details: object): Promise<void>;
}

/** A route handler of a publishable kind, whatever the kind's item types. */
export type PublishableHandler = <Write, Item, Filters extends object>(
  scope: PublishableScope<Write, Item, Filters>,
) => ProjectItemHandler;

export function publishableScope<Write, Item, Filters extends object>(
  sql: SQL,
  kind: PublishableKind<Write, Item, Filters>,
): PublishableScope<Write, Item, Filters> {
  return {
    sql,
    kind,
    notFound: () => jsonError(404, kind.notFoundMessage),
    audit: (tx, admin, verb, id, details) =>
      recordAudit(tx, {
        actorId: admin.user.id,
        action: `${kind.entity}.${verb}`,
        entity: kind.entity,
        entityId: id,
        details,
      }),
  };
}
