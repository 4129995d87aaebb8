import { Link, useLocation } from "wouter";
import type { Company } from "../../shared/jobs-api.ts";
import { useT } from "../i18n/intl.ts";
import { buttonClass } from "../shell/button.tsx";
import { FieldList, recordFields } from "../shell/detail/field-list.tsx";
import { RecordActions } from "../shell/detail/record-actions.tsx";
import { RecordScreen } from "../shell/detail/record-screen.tsx";
import { useRouteRecord } from "../shell/detail/use-route-record.ts";
import { confirmDelete } from "../shell/overlay/confirm-delete.ts";
import { companiesApi } from "./companies-api.ts";
import { companiesPath, companyHref } from "./company-list-page.tsx";

const external = (url: string | null) =>
  url ? (
    <a href={url} target="_blank" rel="noopener noreferrer" className="table-link">
      {url}
    </a>
  ) : null;

/**
 * Its jobs, edit, and delete after a confirmation. The server keeps a company that has jobs unless told
 * to delete them too (`force`), so the dialog says how many go with it and only then asks for that; a
 * job added meanwhile to a company shown without jobs is refused (409) rather than silently deleted.
 */
function CompanyActions({ company }: { company: Company }) {
  const tr = useT();
  const [, navigate] = useLocation();
  const withJobs = company.jobCount > 0;
  const remove = () =>
    confirmDelete(tr, {
      messages: "company",
      values: { name: company.name, count: company.jobCount },
      remove: () => companiesApi.remove(company.id, withJobs),
      onDeleted: () => navigate(companiesPath),
    });
  const jobsLink = (
    <Link
      href={`/dashboard/jobs?companyId=${encodeURIComponent(company.id)}`}
      className={buttonClass({ variant: "secondary" })}
    >
      {tr.t("company.viewJobs", { count: company.jobCount })}
    </Link>
  );
  return (
    <RecordActions
      messages="company"
      leading={jobsLink}
      editHref={`${companyHref(company.id)}/edit`}
      onDelete={remove}
    />
  );
}

/** The company's details and its links. */
function CompanyFields({ company }: { company: Company }) {
  const { formatNumber } = useT();
  return (
    <div className="detail-grid">
      <FieldList
        title="company.section.details"
        fields={recordFields("company", company, [
          { label: "company.field.name", value: company.name },
          { label: "company.field.description", value: company.description },
          { label: "company.field.jobCount", value: formatNumber(company.jobCount) },
        ])}
      />
      <FieldList
        title="company.section.links"
        fields={[
          { label: "company.field.website", value: external(company.website) },
          { label: "company.field.videoUrl", value: external(company.videoUrl) },
          { label: "company.field.twitter", value: company.twitter ? `@${company.twitter}` : null },
          { label: "company.field.instagram", value: company.instagram ? `@${company.instagram}` : null },
          { label: "company.field.logoUrl", value: external(company.logoUrl) },
        ]}
      />
    </div>
  );
}

/** `/dashboard/companies/:id`: the company's fields, a link to its jobs, edit and delete. */
export default function CompanyDetailPage() {
  const load = useRouteRecord(companiesApi.get);
  return (
    <RecordScreen
      kind="company"
      load={load}
      back={companiesPath}
      name={(company) => company.name}
      actions={(company) => <CompanyActions company={company} />}
    >
      {(company) => <CompanyFields company={company} />}
    </RecordScreen>
  );
}
