import { type Company, jobTypes, professionalLevels } from "../../shared/jobs-schemas.ts";
import { useT } from "../i18n/intl.ts";
import { Button } from "../shell/button.tsx";
import { FilterSelect } from "../shell/filter-select.tsx";
import type { JobListQuery } from "./job-list-query.ts";

type FilterChange = Partial<Pick<JobListQuery, "companyId" | "type" | "level" | "remote">>;

/** Company, job type, level and work mode filters (README: `GET /api/jobs`). */
export function JobFilters({
  query,
  companies,
  onChange,
  onReset,
}: {
  query: JobListQuery;
  companies: readonly Pick<Company, "id" | "name">[];
  onChange: (change: FilterChange) => void;
  onReset: () => void;
}) {
  const { t } = useT();
  const active = query.q || query.companyId || query.type || query.level || query.remote !== null;
  // A company filter from a link stays selectable even when the choice list has not loaded it.
  const companyOptions = companies.map((company) => ({ value: company.id, text: company.name }));
  if (query.companyId && !companies.some((company) => company.id === query.companyId)) {
    companyOptions.unshift({ value: query.companyId, text: query.companyId });
  }
  return (
    <fieldset className="filters">
      <legend className="visually-hidden">{t("list.filters")}</legend>
      <FilterSelect
        name="companyId"
        label="jobs.filter.company"
        value={query.companyId}
        options={companyOptions}
        onChange={(companyId) => onChange({ companyId })}
      />
      <FilterSelect
        name="type"
        label="jobs.filter.type"
        value={query.type ?? ""}
        options={jobTypes.map((type) => ({ value: type, label: `jobType.${type}` }))}
        onChange={(value) => onChange({ type: (value || null) as JobListQuery["type"] })}
      />
      <FilterSelect
        name="level"
        label="jobs.filter.level"
        value={query.level ?? ""}
        options={professionalLevels.map((level) => ({ value: level, label: `jobLevel.${level}` }))}
        onChange={(value) => onChange({ level: (value || null) as JobListQuery["level"] })}
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
      {active && (
        <Button variant="tertiary" size="sm" onClick={onReset}>
          {t("list.reset")}
        </Button>
      )}
    </fieldset>
  );
}
