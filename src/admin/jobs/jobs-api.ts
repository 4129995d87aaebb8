import type { JobDetail, JobListItem, JobRequest } from "../../shared/jobs-api.ts";
import type { ListPage } from "../../shared/list-page-api.ts";
import { api } from "../api/api-client.ts";
import { type JobListQuery, jobListApiParams } from "./job-list-query.ts";

const jobPath = (id: string) => `/api/jobs/${encodeURIComponent(id)}`;

/** The admin's calls to `/api/jobs…` (docs/platform-api.md, jobs row). */
export const jobsApi = {
  list: (query: JobListQuery) => api<ListPage<JobListItem>>(`/api/jobs?${jobListApiParams(query)}`),
  get: (id: string) => api<JobDetail>(jobPath(id)),
  create: (body: JobRequest) => api<JobDetail>("/api/jobs", { method: "POST", body }),
  update: (id: string, body: JobRequest) => api<JobDetail>(jobPath(id), { method: "PUT", body }),
  remove: (id: string) => api<void>(jobPath(id), { method: "DELETE" }),
};
