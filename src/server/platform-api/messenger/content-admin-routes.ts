import type { SQL } from "bun";
import type { Struct } from "superstruct";
import { recordAudit } from "../../domain/audit/audit-log.ts";
import { isUniqueViolation } from "../../domain/companies/companies-repository.ts";
import type { WriteOutcome } from "../../domain/repository-helpers.ts";
import type { ApiRoute } from "../../http/api-route.ts";
import { answerListPage, type ListQuery } from "../../http/list-query.ts";
import type { PlatformDeps } from "../platform-deps.ts";
import { adminRoute, json, jsonError, readBody } from "../platform-request.ts";
import { unknownProject } from "./projects-routes.ts";

/**
 * One kind of messenger content an admin manages under `/api/projects/{projectId}/{path}`: list,
 * detail, create, update (PUT, the whole record) and delete, each write audited in its transaction.
 */
export interface ContentKind<Write, Record> {
  /** Below the project, e.g. `feedback-flows`, `help/articles`. */
  path: string;
  /** The audit log's entity; actions are `{entity}.create`, `.update` and `.delete`. */
  entity: string;
  notFoundMessage: string;
  schema: Struct<Write, unknown>;
  sortable: { [field: string]: string };
  defaultSort: string;
  list(sql: SQL, projectId: string, query: ListQuery): Promise<{ items: Record[]; total: number }>;
  find(sql: SQL, projectId: string, id: string): Promise<Record | null>;
  insert(sql: SQL, projectId: string, body: Write): Promise<WriteOutcome>;
  update(sql: SQL, projectId: string, id: string, body: Write): Promise<WriteOutcome>;
  remove(sql: SQL, projectId: string, id: string, url: URL): Promise<WriteOutcome>;
  /** What the audit entry records of a record (its title or name). */
  describe(value: Write | Record): { [key: string]: unknown };
  /** What a unique index refusing the write means (a racing write took the key meanwhile). */
  uniqueViolation?: WriteOutcome;
}

const refusal = (outcome: Extract<WriteOutcome, { ok: false }>) =>
  jsonError(outcome.status, outcome.error, outcome.field);

export function contentAdminRoutes<Write, Record>(
  { sql, guard }: PlatformDeps,
  kind: ContentKind<Write, Record>,
): ApiRoute[] {
  const base = `/api/projects/:projectId/${kind.path}`;
  const projectOf = (params: { [key: string]: string }) => params.projectId ?? "";

  /**
   * Creates (POST, 201) or updates (PUT, 200) a record from the request body: the write and its audit
   * entry run in one transaction, and the stored record is the answer.
   */
  function saveRoute(
    method: "POST" | "PUT",
    pattern: string,
    run: (tx: SQL, projectId: string, value: Write, id: string) => Promise<WriteOutcome>,
  ): ApiRoute {
    return adminRoute(guard, method, pattern, async (request, params, admin) => {
      const projectId = projectOf(params);
      const missing = await unknownProject(sql, projectId);
      if (missing) return missing;
      const body = await readBody(request, kind.schema);
      if (!body.ok) return body.response;
      let outcome: WriteOutcome;
      try {
        outcome = await sql.begin(async (tx) => {
          const result = await run(tx, projectId, body.value, params.id ?? "");
          if (result.ok) {
            await recordAudit(tx, {
              actorId: admin.user.id,
              action: `${kind.entity}.${method === "POST" ? "create" : "update"}`,
              entity: kind.entity,
              entityId: result.id,
              details: { projectId, ...kind.describe(body.value) },
            });
          }
          return result;
        });
      } catch (error) {
        if (kind.uniqueViolation && !kind.uniqueViolation.ok && isUniqueViolation(error))
          return refusal(kind.uniqueViolation);
        throw error;
      }
      if (!outcome.ok) return refusal(outcome);
      return json(await kind.find(sql, projectId, outcome.id), { status: method === "POST" ? 201 : 200 });
    });
  }

  return [
    adminRoute(guard, "GET", base, async (request, params) => {
      const projectId = projectOf(params);
      const missing = await unknownProject(sql, projectId);
      if (missing) return missing;
      return answerListPage(request, {
        sortable: kind.sortable,
        defaultSort: kind.defaultSort,
        list: (query) => kind.list(sql, projectId, query),
      });
    }),
    adminRoute(guard, "GET", `${base}/:id`, async (_request, params) => {
      const projectId = projectOf(params);
      const missing = await unknownProject(sql, projectId);
      if (missing) return missing;
      const found = await kind.find(sql, projectId, params.id ?? "");
      return found ? json(found) : jsonError(404, kind.notFoundMessage);
    }),
    saveRoute("POST", base, (tx, projectId, value) => kind.insert(tx, projectId, value)),
    saveRoute("PUT", `${base}/:id`, (tx, projectId, value, id) => kind.update(tx, projectId, id, value)),
    adminRoute(guard, "DELETE", `${base}/:id`, async (request, params, admin) => {
      const projectId = projectOf(params);
      const missing = await unknownProject(sql, projectId);
      if (missing) return missing;
      const id = params.id ?? "";
      const url = new URL(request.url);
      const outcome = await sql.begin(async (tx): Promise<WriteOutcome> => {
        const found = await kind.find(tx, projectId, id);
        if (!found) return { ok: false, status: 404, error: kind.notFoundMessage };
        const removed = await kind.remove(tx, projectId, id, url);
        if (removed.ok) {
          await recordAudit(tx, {
            actorId: admin.user.id,
            action: `${kind.entity}.delete`,
            entity: kind.entity,
            entityId: id,
            details: { projectId, ...kind.describe(found) },
          });
        }
        return removed;
      });
      return outcome.ok ? new Response(null, { status: 204 }) : refusal(outcome);
    }),
  ];
}
