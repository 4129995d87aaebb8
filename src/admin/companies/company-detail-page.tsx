import { Link, useParams } from "wouter";
import { useResource } from "../api/use-resource.ts";
import { useFormatters } from "../format/use-formatters.ts";
import { useT } from "../i18n/intl.ts";
import { buttonClass } from "../shell/button.tsx";
import { DetailStatus } from "../shell/detail-status.tsx";
import { FieldList } from "../users/field-list.tsx";
import { companiesApi } from "./companies-api.ts";
import { companiesPath } from "./company-list-page.tsx";

function BackLink() {
  const { t } = useT();
  return (
    <Link href={companiesPath} className={buttonClass({ variant: "tertiary", size: "sm" })}>
      ← {t("nav.goBack")}
    </Link>
  );
}

const external = (url: string | null) =>
  url ? (
    <a href={url} target="_blank" rel="noopener noreferrer" className="table-link">
      {url}
    </a>
  ) : null;

/** `/dashboard/companies/:id`: the company's fields and a link to its jobs. */
export default function CompanyDetailPage() {
  const { t, formatNumber } = useT();
  const format = useFormatters();
  const { id = "" } = useParams<{ id: string }>();
  const { resource, reload } = useResource(() => companiesApi.get(id), id);

  if (resource.state !== "ready") {
    return (
      <DetailStatus
        resource={resource}
        texts={{
          loading: "company.loading",
          notFound: "company.notFound",
          notFoundHint: "company.notFoundHint",
          error: "company.error",
          retry: "list.retry",
        }}
        back={<BackLink />}
        onRetry={reload}
      />
    );
  }

  const company = resource.data;
  const when = (value: string) => <span title={format.ago(value)}>{format.dateTime(value)}</span>;
  return (
    <section aria-labelledby="company-title">
      <BackLink />
      <header className="page-header page-header-actions">
        <div>
          <p className="subtle">{t("company.title")}</p>
          <h1 id="company-title">{company.name}</h1>
        </div>
        <div className="page-actions">
          <Link
            href={`/dashboard/jobs?companyId=${encodeURIComponent(company.id)}`}
            className={buttonClass({ variant: "secondary" })}
          >
            {t("company.viewJobs", { count: company.jobCount })}
          </Link>
        </div>
      </header>
      <div className="detail-grid">
        <FieldList
          title="company.section.details"
          fields={[
            { label: "company.field.id", value: <code>{company.id}</code> },
            { label: "company.field.name", value: company.name },
            { label: "company.field.description", value: company.description },
            { label: "company.field.jobCount", value: formatNumber(company.jobCount) },
            { label: "company.field.createdAt", value: when(company.createdAt) },
            { label: "company.field.updatedAt", value: when(company.updatedAt) },
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
    </section>
  );
}
