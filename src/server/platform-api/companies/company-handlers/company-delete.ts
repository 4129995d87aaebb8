import type { SQL } from "bun";
import { companyHasJobsMessage, companyNotFoundMessage } from "../../../../shared/jobs-api.ts";
import { deleteCompany } from "../../../domain/companies/companies-repository.ts";
import { auditedWrite } from "../../audited-write.ts";
import { type AdminHandler, jsonError } from "../../platform-request.ts";

/** `DELETE /api/companies/{id}`: a company without jobs, or (`?force=true`) with its jobs; audited. */
export function handleCompanyDelete(sql: SQL): AdminHandler {
  return async (request, params, admin) => {
    const forceParam = new URL(request.url).searchParams.get("force") ?? "false";
    if (forceParam !== "true" && forceParam !== "false") {
      return jsonError(400, "force must be true or false", "force");
    }
    const force = forceParam === "true";
    const id = params.id ?? "";
    const result = await auditedWrite(
      sql,
      (tx) => deleteCompany(tx, id, force),
      (deleted) => ({
        actorId: admin.user.id,
        action: "company.delete",
        entity: "company",
        entityId: id,
        details: { name: deleted.name, force, deletedJobs: deleted.deletedJobs },
      }),
    );
    if (result.ok) return new Response(null, { status: 204 });
    return result.reason === "not-found"
      ? jsonError(404, companyNotFoundMessage)
      : jsonError(409, companyHasJobsMessage);
  };
}
