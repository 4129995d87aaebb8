import { companyNotFoundMessage } from "../../../shared/jobs-api.ts";
import {
  companySortColumns,
  findCompany,
  insertCompany,
  listCompanies,
  updateCompany,
} from "../../domain/companies/companies-repository.ts";
import type { ApiRoute } from "../../http/api-route.ts";
import { answerListPage } from "../../http/list-query.ts";
import type { PlatformDeps } from "../platform-deps.ts";
import { adminRoute, json, jsonError } from "../platform-request.ts";
import { handleCompanyDelete } from "./company-handlers/company-delete.ts";
import { handleCompanySave } from "./company-handlers/company-save.ts";

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

  return [
    adminRoute(guard, "GET", "/api/companies", list),
    adminRoute(guard, "GET", "/api/companies/:id", detail),
    adminRoute(guard, "POST", "/api/companies", handleCompanySave(sql, "POST", insertCompany)),
    adminRoute(
      guard,
      "PUT",
      "/api/companies/:id",
      handleCompanySave(sql, "PUT", (tx, value, id) => updateCompany(tx, id, value)),
    ),
    adminRoute(guard, "DELETE", "/api/companies/:id", handleCompanyDelete(sql)),
  ];
}
