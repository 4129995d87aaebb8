import type { Company, CompanyRequest } from "../../shared/jobs-schemas.ts";
import { api } from "../api/api-client.ts";
import type { ListPage } from "../users/users-api.ts";
import { type CompanyListQuery, companyListApiParams } from "./company-list-query.ts";

const companyPath = (id: string) => `/api/companies/${encodeURIComponent(id)}`;

/** The API's largest page: enough for a company choice (the demo data has 50). */
export const companyChoicePageSize = 100;

/** The admin's calls to `/api/companies…` (README "Platform API", companies row). */
export const companiesApi = {
  list: (query: CompanyListQuery) => api<ListPage<Company>>(`/api/companies?${companyListApiParams(query)}`),
  /** Every company by name, for a select. */
  choices: () => api<ListPage<Company>>(`/api/companies?sort=name&page=1&pageSize=${companyChoicePageSize}`),
  get: (id: string) => api<Company>(companyPath(id)),
  create: (body: CompanyRequest) => api<Company>("/api/companies", { method: "POST", body }),
};
