import { JobRequest, jobNotFoundMessage, jobTypes, professionalLevels } from "../../../shared/jobs-api.ts";
import { recordAudit } from "../../domain/audit/audit-log.ts";
import {
  deleteJob,
  findJob,
  insertJob,
  type JobFilters,
  type JobWrite,
  jobSortColumns,
  listJobs,
  updateJob,
} from "../../domain/jobs/jobs-repository.ts";
import type { ApiRoute } from "../../http/api-route.ts";
import { adminReadRoutes } from "../admin-list-routes.ts";
import { auditedSave } from "../audited-write.ts";
import type { PlatformDeps } from "../platform-deps.ts";
import { adminRoute, json, jsonError, readBody } from "../platform-request.ts";

/** Reads the list filters `companyId`, `type`, `level` and `remote`, or answers a 400 naming the bad one. */
function readJobFilters(params: URLSearchParams): JobFilters | Response {
  const filters: JobFilters = {};
  const companyId = params.get("companyId")?.trim();
  if (companyId) filters.companyId = companyId;
  const type = params.get("type")?.trim().toUpperCase();
  if (type) {
    const known = jobTypes.find((value) => value === type);
    if (!known) return jsonError(400, `type must be one of ${jobTypes.join(", ")}`, "type");
    filters.type = known;
  }
  const level = params.get("level")?.trim().toUpperCase();
  if (level) {
    const known = professionalLevels.find((value) => value === level);
    if (!known) return jsonError(400, `level must be one of ${professionalLevels.join(", ")}`, "level");
    filters.level = known;
  }
  const remote = params.get("remote")?.trim();
  if (remote) {
    if (remote !== "true" && remote !== "false") {
      return jsonError(400, "remote must be true or false", "remote");
    }
    filters.remote = remote === "true";
  }
  return filters;
}

type JobValue = Parameters<typeof insertJob>[1];

/** Jobs (spec §3): admin list, detail, create, edit and delete under `/api/jobs`. */
export function jobsRoutes({ sql, guard }: PlatformDeps): ApiRoute[] {
  /**
   * Creates (POST, 201) or updates (PUT, 200) a job from the request body. The job, its skill requirements
   * and the audit entry commit together, or nothing is written.
   */
  function saveRoute(
    method: "POST" | "PUT",
    pattern: string,
    run: (tx: typeof sql, value: JobValue, id: string) => Promise<JobWrite>,
  ): ApiRoute {
    return adminRoute(guard, method, pattern, async (request, params, admin) => {
      const body = await readBody(request, JobRequest);
      if (!body.ok) return body.response;
      const result = await auditedSave(sql, method, (tx) => run(tx, body.value, params.id ?? ""), {
        actorId: admin.user.id,
        entity: "job",
        details: { title: body.value.title.trim(), companyId: body.value.companyId.trim() },
      });
      if (!result.ok) return jsonError(result.status, result.error, result.field);
      return json(await findJob(sql, result.id), { status: method === "POST" ? 201 : 200 });
    });
  }

  return [
    ...adminReadRoutes(guard, "/api/jobs", {
      sortable: jobSortColumns,
      defaultSort: "-updatedAt",
      readFilters: readJobFilters,
      list: (query, filters) => listJobs(sql, query, filters),
      find: (id) => findJob(sql, id),
      notFound: jobNotFoundMessage,
    }),
    saveRoute("POST", "/api/jobs", (tx, value) => insertJob(tx, value)),
    saveRoute("PUT", "/api/jobs/:id", (tx, value, id) => updateJob(tx, id, value)),
    adminRoute(guard, "DELETE", "/api/jobs/:id", async (_request, params, admin) => {
      const id = params.id ?? "";
      const deleted = await sql.begin(async (tx) => {
        const title = await deleteJob(tx, id);
        if (title !== null) {
          await recordAudit(tx, {
            actorId: admin.user.id,
            action: "job.delete",
            entity: "job",
            entityId: id,
            details: { title },
          });
        }
        return title !== null;
      });
      return deleted ? new Response(null, { status: 204 }) : jsonError(404, jobNotFoundMessage);
    }),
  ];
}
