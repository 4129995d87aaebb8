import { jobTypes, professionalLevels } from "../../shared/jobs-api.ts";
import { CompanyPicker } from "../companies/company-picker.tsx";
import { useT } from "../i18n/intl.ts";
import {
  choice,
  type DeclaredFilter,
  type FilteredList,
  filterElement,
  flag,
  PickerFilter,
} from "../shell/list/list-filters.tsx";
import type { JobListQuery } from "./job-list-query.ts";

/**
 * The company filter. The company is searched rather than listed, so every company can be chosen however
 * many there are; one chosen by a link ("Show its jobs") shows its name, looked up by the picker.
 */
function CompanyFilter({ list }: { list: FilteredList<JobListQuery> }) {
  const { t } = useT();
  return (
    <PickerFilter id="job-filter-company" label="jobs.filter.company">
      {(control) => (
        <CompanyPicker
          control={control}
          name="companyId"
          value={list.query.companyId}
          anyLabel={t("list.any")}
          onChange={(company) => list.change({ companyId: company?.id ?? "" })}
        />
      )}
    </PickerFilter>
  );
}

/** Company, job type, level and work mode filters (docs/platform-api.md: `GET /api/jobs`). */
export const jobFilters = (list: FilteredList<JobListQuery>): DeclaredFilter<JobListQuery>[] => [
  filterElement("companyId", <CompanyFilter list={list} />),
  choice("type", "jobs.filter.type", jobTypes, (type) => `jobType.${type}`),
  choice("level", "jobs.filter.level", professionalLevels, (level) => `jobLevel.${level}`),
  flag("remote", "jobs.filter.workMode", "workMode.remote", "workMode.office"),
];
