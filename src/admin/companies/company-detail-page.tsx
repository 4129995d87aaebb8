import { Link, useLocation, useParams } from "wouter";
import type { Company } from "../../shared/jobs-api.ts";
import { useResource } from "../api/use-resource.ts";
import { DateTimeAgo } from "../format/date-time-ago.tsx";
import { useT } from "../i18n/intl.ts";
import { Button, buttonClass } from "../shell/button.tsx";
import { detailTexts } from "../shell/detail/detail-status.tsx";
import { FieldList } from "../shell/detail/field-list.tsx";
import { RecordScreen } from "../shell/detail/record-screen.tsx";
import { confirmAction } from "../shell/overlay/confirm.ts";
import { runAction } from "../shell/overlay/run-action.ts";
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
  const { t } = useT();
  const [, navigate] = useLocation();
  const withJobs = company.jobCount > 0;
  const remove = () =>
    confirmAction({
      type: "danger",
      heading: t("company.confirm.deleteTitle", { name: company.name }),
      body: t("company.confirm.deleteBody", { count: company.jobCount }),
      confirmLabel: t("company.action.delete"),
      onConfirm: async () => {
        const deleted = await runAction(() => companiesApi.remove(company.id, withJobs), "company.deleted");
        if (deleted.ok) navigate(companiesPath);
      },
    });
  return (
    <div className="page-actions">
      <Link
        href={`/dashboard/jobs?companyId=${encodeURIComponent(company.id)}`}
        className={buttonClass({ variant: "secondary" })}
      >
        {t("company.viewJobs", { count: company.jobCount })}
      </Link>
      <Link href={`${companyHref(company.id)}/edit`} className={buttonClass({ variant: "primary" })}>
        {t("company.action.edit")}
      </Link>
      <Button variant="secondary" className="button-danger" onClick={remove}>
        {t("company.action.delete")}
      </Button>
    </div>
  );
}

/** The company's details and its links. */
function CompanyFields({ company }: { company: Company }) {
  const { formatNumber } = useT();
  return (
    <div className="detail-grid">
      <FieldList
        title="company.section.details"
        fields={[
          { label: "company.field.id", value: <code>{company.id}</code> },
          { label: "company.field.name", value: company.name },
          { label: "company.field.description", value: company.description },
          { label: "company.field.jobCount", value: formatNumber(company.jobCount) },
          { label: "company.field.createdAt", value: <DateTimeAgo value={company.createdAt} /> },
          { label: "company.field.updatedAt", value: <DateTimeAgo value={company.updatedAt} /> },
        ]}
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
  const { t } = useT();
  const { id = "" } = useParams<{ id: string }>();
  const { resource, reload } = useResource(() => companiesApi.get(id), id);
  return (
    <RecordScreen
      resource={resource}
      texts={detailTexts("company")}
      onRetry={reload}
      back={companiesPath}
      titleId="company-title"
      screen={t("company.title")}
      name={(company) => company.name}
      actions={(company) => <CompanyActions company={company} />}
    >
      {(company) => <CompanyFields company={company} />}
    </RecordScreen>
  );
}
