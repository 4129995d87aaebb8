import { jobTypes, professionalLevels } from "../../shared/jobs-api.ts";
import { CompanyPicker } from "../companies/company-picker.tsx";
import { useT } from "../i18n/intl.ts";
import { FilterSelect } from "../shell/list/filter-select.tsx";
import { ChoiceFilter, ListFilters } from "../shell/list/list-filters.tsx";
import type { JobListQuery } from "./job-list-query.ts";

type FilterChange = Partial<Pick<JobListQuery, "companyId" | "type" | "level" | "remote">>;

/**
 * Company, job type, level and work mode filters (README: `GET /api/jobs`). The company is searched
 * rather than listed, so every company can be chosen however many there are; one chosen by a link
 * ("Show its jobs") shows its name, looked up by the picker.
 */
export function JobFilters({
  query,
  onChange,
  onReset,
}: {
  query: JobListQuery;
  onChange: (change: FilterChange) => void;
  onReset: () => void;
}) {
  const { t } = useT();
  const active = Boolean(query.q || query.companyId || query.type || query.level || query.remote !== null);
  return (
    <ListFilters active={active} onReset={onReset}>
      <div className="filter-field">
        <label htmlFor="job-filter-company">{t("jobs.filter.company")}</label>
        <CompanyPicker
          control={{ id: "job-filter-company", "aria-invalid": false, "aria-describedby": undefined }}
          name="companyId"
          value={query.companyId}
          anyLabel={t("list.any")}
          onChange={(company) => onChange({ companyId: company?.id ?? "" })}
        />
      </div>
      <ChoiceFilter
        name="type"
        label="jobs.filter.type"
        value={query.type}
        values={jobTypes}
        optionLabel={(type) => `jobType.${type}`}
        onChange={(type) => onChange({ type })}
      />
      <ChoiceFilter
        name="level"
        label="jobs.filter.level"
        value={query.level}
        values={professionalLevels}
        optionLabel={(level) => `jobLevel.${level}`}
        onChange={(level) => onChange({ level })}
      />
      <FilterSelect
        name="remote"
        label="jobs.filter.workMode"
        value={query.remote === null ? "" : String(query.remote)}
        options={[
          { value: "true", label: "workMode.remote" },
          { value: "false", label: "workMode.office" },
        ]}
        onChange={(value) => onChange({ remote: value === "" ? null : value === "true" })}
      />
    </ListFilters>
  );
}
