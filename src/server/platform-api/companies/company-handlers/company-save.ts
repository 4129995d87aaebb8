import type { SQL } from "bun";
import {
  CompanyRequest,
  companyNameTakenMessage,
  companyNotFoundMessage,
} from "../../../../shared/jobs-api.ts";
import {
  type CompanyWrite,
  findCompany,
  type insertCompany,
  isUniqueViolation,
} from "../../../domain/companies/companies-repository.ts";
import { auditedSave } from "../../audited-write.ts";
import { type AdminHandler, json, jsonError, readBody } from "../../platform-request.ts";

type CompanyValue = Parameters<typeof insertCompany>[1];

/**
 * Creates (POST, 201) or updates (PUT, 200) a company from the request body with `run`. The write and
 * its audit entry commit together; a name lost to a racing write answers 409 too.
 */
export function handleCompanySave(
  sql: SQL,
  method: "POST" | "PUT",
  run: (tx: SQL, value: CompanyValue, id: string) => Promise<CompanyWrite>,
): AdminHandler {
  return async (request, params, admin) => {
    const body = await readBody(request, CompanyRequest);
    if (!body.ok) return body.response;
    let result: CompanyWrite;
    try {
      result = await auditedSave(sql, method, (tx) => run(tx, body.value, params.id ?? ""), {
        actorId: admin.user.id,
        entity: "company",
        details: { name: body.value.name.trim() },
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
  };
}
