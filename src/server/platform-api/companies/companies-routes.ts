import { companyNotFoundMessage } from "../../../shared/jobs-api.ts";
import {
  companySortColumns,
  findCompany,
  insertCompany,
  listCompanies,
  updateCompany,
} from "../../domain/companies/companies-repository.ts";
import type { ApiRoute } from "../../http/api-route.ts";
import { adminReadRoutes } from "../admin-list-routes.ts";
import type { PlatformDeps } from "../platform-deps.ts";
import { adminRoute } from "../platform-request.ts";
import { handleCompanyDelete } from "./company-handlers/company-delete.ts";
import { handleCompanySave } from "./company-handlers/company-save.ts";

/** Companies (spec §3): admin list, detail, create, edit and delete under `/api/companies`. */
export function companiesRoutes({ sql, guard }: PlatformDeps): ApiRoute[] {
  return [
    ...adminReadRoutes(guard, "/api/companies", {
      sortable: companySortColumns,
      defaultSort: "name",
      list: (query) => listCompanies(sql, query),
      find: (id) => findCompany(sql, id),
      notFound: companyNotFoundMessage,
    }),
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
