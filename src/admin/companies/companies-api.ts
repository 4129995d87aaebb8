import type { Company, CompanyRequest } from "../../shared/jobs-api.ts";
import type { ListPage } from "../../shared/list-page-api.ts";
import { api } from "../api/api-client.ts";
import { searchPickerParams } from "../shell/form/search-picker-state.ts";
import { type CompanyListQuery, companyListApiParams } from "./company-list-query.ts";

const companyPath = (id: string) => `/api/companies/${encodeURIComponent(id)}`;

/** The admin's calls to `/api/companies…` (docs/platform-api.md, companies row). */
export const companiesApi = {
  list: (query: CompanyListQuery) => api<ListPage<Company>>(`/api/companies?${companyListApiParams(query)}`),
  /** The first companies whose name contains `text`, by name, for the company picker. */
  search: (text: string) => api<ListPage<Company>>(`/api/companies?${searchPickerParams(text, "name")}`),
  get: (id: string) => api<Company>(companyPath(id)),
  create: (body: CompanyRequest) => api<Company>("/api/companies", { method: "POST", body }),
  update: (id: string, body: CompanyRequest) => api<Company>(companyPath(id), { method: "PUT", body }),
  /** Without `withJobs` the server refuses (409) a company that still has jobs; with it they go too. */
  remove: (id: string, withJobs: boolean) =>
    api<void>(`${companyPath(id)}?force=${withJobs}`, { method: "DELETE" }),
};
