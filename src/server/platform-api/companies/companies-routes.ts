import {
  CompanyRequest,
  companyHasJobsMessage,
  companyNameTakenMessage,
  companyNotFoundMessage,
} from "../../../shared/jobs-api.ts";
import { recordAudit } from "../../domain/audit/audit-log.ts";
import {
  type CompanyWrite,
  companySortColumns,
  deleteCompany,
  findCompany,
  insertCompany,
  isUniqueViolation,
  listCompanies,
  updateCompany,
} from "../../domain/companies/companies-repository.ts";
import type { ApiRoute } from "../../http/api-route.ts";
import { answerListPage } from "../../http/list-query.ts";
import type { PlatformDeps } from "../platform-deps.ts";
import { adminRoute, json, jsonError, readBody } from "../platform-request.ts";

type CompanyValue = Parameters<typeof insertCompany>[1];

/** Companies (spec §3): admin list, detail, create, edit and delete under `/api/companies`. */
export function companiesRoutes({ sql, guard }: PlatformDeps): ApiRoute[] {
  async function list(request: Request): Promise<Response> {
    return answerListPage(request, {
      sortable: companySortColumns,
      defaultSort: "name",
      list: (query) => listCompanies(sql, query),
    });
  }

  async function detail(_request: Request, params: Record<string, string>): Promise<Response> {
    const company = await findCompany(sql, params.id ?? "");
    return company ? json(company) : jsonError(404, companyNotFoundMessage);
  }

  /**
   * Creates (POST, 201) or updates (PUT, 200) a company from the request body. The write and its audit
   * entry commit together; a name lost to a racing write answers 409 too.
   */
  function saveRoute(
    method: "POST" | "PUT",
    pattern: string,
    run: (tx: typeof sql, value: CompanyValue, id: string) => Promise<CompanyWrite>,
  ): ApiRoute {
    return adminRoute(guard, method, pattern, async (request, params, admin) => {
      const body = await readBody(request, CompanyRequest);
      if (!body.ok) return body.response;
      let result: CompanyWrite;
      try {
        result = await sql.begin(async (tx) => {
          const written = await run(tx, body.value, params.id ?? "");
          if (written.ok) {
            await recordAudit(tx, {
              actorId: admin.user.id,
              action: method === "POST" ? "company.create" : "company.update",
              entity: "company",
              entityId: written.id,
              details: { name: body.value.name.trim() },
            });
          }
          return written;
        });
      } catch (error) {
        if (isUniqueViolation(error)) return jsonError(409, companyNameTakenMessage, "name");
        throw error;
      }
      if (!result.ok) {
        return result.reason === "name-taken"
          ? jsonError(409, companyNameTakenMessage, "name")
          : jsonError(404, companyNotFoundMessage);
      }
      const company = await findCompany(sql, result.id);
      return json(company, { status: method === "POST" ? 201 : 200 });
    });
  }

  return [
    adminRoute(guard, "GET", "/api/companies", list),
    adminRoute(guard, "GET", "/api/companies/:id", detail),
    saveRoute("POST", "/api/companies", (tx, value) => insertCompany(tx, value)),
    saveRoute("PUT", "/api/companies/:id", (tx, value, id) => updateCompany(tx, id, value)),
    adminRoute(guard, "DELETE", "/api/companies/:id", async (request, params, admin) => {
      const forceParam = new URL(request.url).searchParams.get("force") ?? "false";
      if (forceParam !== "true" && forceParam !== "false") {
        return jsonError(400, "force must be true or false", "force");
      }
      const force = forceParam === "true";
      const id = params.id ?? "";
      const result = await sql.begin(async (tx) => {
        const deleted = await deleteCompany(tx, id, force);
        if (deleted.ok) {
          await recordAudit(tx, {
            actorId: admin.user.id,
            action: "company.delete",
            entity: "company",
            entityId: id,
            details: { name: deleted.name, force, deletedJobs: deleted.deletedJobs },
          });
        }
        return deleted;
      });
      if (result.ok) return new Response(null, { status: 204 });
      return result.reason === "not-found"
        ? jsonError(404, companyNotFoundMessage)
        : jsonError(409, companyHasJobsMessage);
    }),
  ];
}
