import {
  type JobType,
  jobTypes,
  type ProfessionalLevel,
  professionalLevels,
} from "../../shared/jobs-schemas.ts";
import { browserSearch, listPageSizes, readSort, readWhole, sortParam } from "../shell/list-url.ts";
import type { SortState } from "../shell/sort-header.tsx";

/** README: `GET /api/jobs` sorts by these. */
export const jobSortFields = ["title", "updatedAt", "salaryMax", "company"] as const;
export type JobSortField = (typeof jobSortFields)[number];

/** The job list's state as it lives in the URL query (`/dashboard/jobs?q=…&type=…`). */
export interface JobListQuery {
  q: string;
  companyId: string;
  type: JobType | null;
  level: ProfessionalLevel | null;
  remote: boolean | null;
  sort: SortState<JobSortField>;
  page: number;
  pageSize: number;
}

export const defaultJobListQuery: JobListQuery = {
  q: "",
  companyId: "",
  type: null,
  level: null,
  remote: null,
  sort: { field: "updatedAt", direction: "desc" },
  page: 1,
  pageSize: 25,
};

const pick = <T extends string>(values: readonly T[], value: string | null): T | null =>
  (values as readonly string[]).includes(value ?? "") ? (value as T) : null;

/** Reads a query string; unknown or invalid values fall back to the defaults. */
export function parseJobListQuery(search: string): JobListQuery {
  const params = new URLSearchParams(search);
  const remote = params.get("remote");
  return {
    q: (params.get("q") ?? "").trim(),
    companyId: (params.get("companyId") ?? "").trim(),
    type: pick(jobTypes, params.get("type")),
    level: pick(professionalLevels, params.get("level")),
    remote: remote === "true" ? true : remote === "false" ? false : null,
    sort: readSort(params.get("sort"), jobSortFields, defaultJobListQuery.sort),
    page: readWhole(params.get("page"), 1),
    pageSize: readWhole(params.get("pageSize"), defaultJobListQuery.pageSize, listPageSizes),
  };
}

/** Every parameter, defaults included: what `GET /api/jobs` is asked. */
export function jobListApiParams(query: JobListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.companyId) params.set("companyId", query.companyId);
  if (query.type) params.set("type", query.type);
  if (query.level) params.set("level", query.level);
  if (query.remote !== null) params.set("remote", String(query.remote));
  params.set("sort", sortParam(query.sort));
  params.set("page", String(query.page));
  params.set("pageSize", String(query.pageSize));
  return params;
}

/** The browser's query string: defaults left out, so a plain list stays `/dashboard/jobs`. */
export function jobListSearch(query: JobListQuery): string {
  return browserSearch(jobListApiParams(query), jobListApiParams(defaultJobListQuery));
}
