import { jobTypes, professionalLevels } from "../../shared/jobs-api.ts";
import { CompanyPicker } from "../companies/company-picker.tsx";
import { choice, type DeclaredFilter, flag, pickerFilter } from "../shell/list/list-filters.tsx";
import type { JobListQuery } from "./job-list-query.ts";

/**
 * Company, job type, level and work mode filters (docs/platform-api.md: `GET /api/jobs`). The company
 * is searched rather than listed, so every company can be chosen however many there are; one chosen by a
 * link ("Show its jobs") shows its name, looked up by the picker.
 */
export const jobFilters: DeclaredFilter<JobListQuery>[] = [
  pickerFilter("companyId", "job-filter-company", "jobs.filter.company", (props, { t }) => (
    <CompanyPicker {...props} anyLabel={t("list.any")} />
  )),
  choice("type", "jobs.filter.type", jobTypes, (type) => `jobType.${type}`),
  choice("level", "jobs.filter.level", professionalLevels, (level) => `jobLevel.${level}`),
  flag("remote", "jobs.filter.workMode", "workMode.remote", "workMode.office"),
];
