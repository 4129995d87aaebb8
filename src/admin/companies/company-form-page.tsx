import { type FormEvent, useState } from "react";
import { Link, useLocation, useParams } from "wouter";
import type { Company } from "../../shared/jobs-schemas.ts";
import { apiErrorMessage } from "../api/api-error.ts";
import { useResource } from "../api/use-resource.ts";
import type { MessageId } from "../i18n/en-US.ts";
import { useT } from "../i18n/intl.ts";
import { Button, buttonClass } from "../shell/button.tsx";
import { DetailStatus } from "../shell/detail-status.tsx";
import { type FieldErrors, ruleMessage, serverFieldError } from "../shell/form-errors.ts";
import { FormField } from "../shell/form-field.tsx";
import { showToast } from "../shell/toast-store.ts";
import { companiesApi } from "./companies-api.ts";
import {
  type CompanyForm as CompanyFormState,
  companyFormFields,
  companyFormFromCompany,
  companyUrlFields,
  emptyCompanyForm,
  validateCompanyForm,
} from "./company-form-state.ts";
import { companiesPath, companyHref } from "./company-list-page.tsx";

/** The company's fields, checked with the API's schema before sending; `company` null creates one. */
function CompanyForm({ company }: { company: Company | null }) {
  const tr = useT();
  const { t } = tr;
  const [, navigate] = useLocation();
  const [form, setForm] = useState<CompanyFormState>(
    company ? companyFormFromCompany(company) : emptyCompanyForm,
  );
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  // After a first submit every rule shows as the admin types; a server refusal stays until its field changes.
  const errors = { ...serverErrors, ...(submitted ? validateCompanyForm(form) : {}) };
  const leave = company ? companyHref(company.id) : companiesPath;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(validateCompanyForm(form)).length > 0) {
      showToast({ type: "error", heading: "form.invalid" });
      return;
    }
    setBusy(true);
    try {
      const saved = company ? await companiesApi.update(company.id, form) : await companiesApi.create(form);
      showToast({ type: "success", heading: company ? "company.updated" : "company.created" });
      navigate(companyHref(saved.id));
    } catch (failure) {
      const fieldError = serverFieldError(failure);
      if (fieldError) setServerErrors(fieldError);
      showToast({ type: "error", heading: "toast.error", body: apiErrorMessage(failure) });
    } finally {
      setBusy(false);
    }
  };

  const change = (field: keyof CompanyFormState, value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    if (serverErrors[field]) setServerErrors({});
  };

  return (
    <form className="entity-form" noValidate onSubmit={submit}>
      <section className="detail-card">
        {companyFormFields.map((field) => {
          const label = t(`company.field.${field}` as MessageId);
          const error = errors[field];
          return (
            <FormField
              key={field}
              id={`company-${field}`}
              label={label}
              error={error ? ruleMessage(tr, error, label) : null}
            >
              {(props) =>
                field === "description" ? (
                  <textarea
                    {...props}
                    name={field}
                    rows={5}
                    value={form[field]}
                    onChange={(event) => change(field, event.target.value)}
                  />
                ) : (
                  <input
                    {...props}
                    name={field}
                    type={companyUrlFields.includes(field) ? "url" : "text"}
                    value={form[field]}
                    onChange={(event) => change(field, event.target.value)}
                  />
                )
              }
            </FormField>
          );
        })}
      </section>
      <div className="page-actions">
        <Button type="submit" disabled={busy}>
          {busy ? t("jobForm.saving") : t(company ? "companyForm.save" : "companyForm.create")}
        </Button>
        <Link href={leave} className={buttonClass({ variant: "tertiary" })}>
          {t("jobForm.cancel")}
        </Link>
      </div>
    </form>
  );
}

/**
 * `/dashboard/companies/create` and `/dashboard/companies/:id/edit`: one form for both; editing loads
 * the company first and shows the detail screens' loading, not-found and error states.
 */
export default function CompanyFormPage() {
  const { t } = useT();
  const { id } = useParams<{ id?: string }>();
  const { resource, reload } = useResource(
    () => (id ? companiesApi.get(id) : Promise.resolve(null)),
    id ?? "create",
  );
  const back = (
    <Link
      href={id ? companyHref(id) : companiesPath}
      className={buttonClass({ variant: "tertiary", size: "sm" })}
    >
      ← {t("nav.goBack")}
    </Link>
  );

  if (resource.state !== "ready") {
    return (
      <DetailStatus
        resource={resource}
        texts={{
          loading: id ? "company.loading" : "loading.page",
          notFound: "company.notFound",
          notFoundHint: "company.notFoundHint",
          error: "company.error",
          retry: "list.retry",
        }}
        back={back}
        onRetry={reload}
      />
    );
  }

  const company = resource.data;
  return (
    <section aria-labelledby="company-form-title">
      {back}
      <header className="page-header">
        <h1 id="company-form-title">{t(company ? "companyForm.editTitle" : "companyForm.title")}</h1>
        {company && <p className="subtle">{company.name}</p>}
      </header>
      <CompanyForm key={company?.id ?? "new"} company={company} />
    </section>
  );
}
