import type { FormEvent } from "react";
import { useLocation, useParams } from "wouter";
import type { Company } from "../../shared/jobs-api.ts";
import { apiErrorMessage } from "../api/api-error.ts";
import type { MessageId } from "../i18n/en-US.ts";
import { useT } from "../i18n/intl.ts";
import { FormActions, FormCancelLink } from "../shell/form/form-actions.tsx";
import { serverFieldError } from "../shell/form/form-errors.ts";
import { FormField } from "../shell/form/form-field.tsx";
import { RecordFormPage } from "../shell/form/record-form-page.tsx";
import { submitRecord } from "../shell/form/record-submit.ts";
import { useFormState } from "../shell/form/use-form-state.ts";
import { BackLink } from "../shell/layout/back-link.tsx";
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
  const { t } = useT();
  const [, navigate] = useLocation();
  const form = useFormState<CompanyFormState>(
    company ? companyFormFromCompany(company) : emptyCompanyForm,
    validateCompanyForm,
  );
  const { state } = form;
  const leave = company ? companyHref(company.id) : companiesPath;

  const submit = (event: FormEvent) =>
    submitRecord(form, event, {
      messages: "company",
      editing: company !== null,
      write: () => (company ? companiesApi.update(company.id, state) : companiesApi.create(state)),
      onSaved: (saved) => navigate(companyHref(saved.id)),
      refused: (failure) => form.refuseWithReason(serverFieldError(failure), apiErrorMessage(failure)),
    });

  const change = (field: keyof CompanyFormState, value: string) =>
    form.update((current) => ({ ...current, [field]: value }), [field]);

  return (
    <form className="entity-form" noValidate onSubmit={submit}>
      <section className="detail-card">
        {companyFormFields.map((field) => {
          const label = t(`company.field.${field}` as MessageId);
          return (
            <FormField key={field} id={`company-${field}`} label={label} error={form.errorOf(field, label)}>
              {(props) =>
                field === "description" ? (
                  <textarea
                    {...props}
                    name={field}
                    rows={5}
                    value={state[field]}
                    onChange={(event) => change(field, event.target.value)}
                  />
                ) : (
                  <input
                    {...props}
                    name={field}
                    type={companyUrlFields.includes(field) ? "url" : "text"}
                    value={state[field]}
                    onChange={(event) => change(field, event.target.value)}
                  />
                )
              }
            </FormField>
          );
        })}
      </section>
      <FormActions
        busy={form.busy}
        busyLabel={t("jobForm.saving")}
        submitLabel={t(company ? "companyForm.save" : "companyForm.create")}
      >
        <FormCancelLink href={leave}>{t("jobForm.cancel")}</FormCancelLink>
      </FormActions>
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
  return (
    <RecordFormPage
      id={id}
      load={companiesApi.get}
      area="company"
      titleId="company-form-title"
      title={t(id ? "companyForm.editTitle" : "companyForm.title")}
      recordName={(company) => company.name}
      back={<BackLink href={id ? companyHref(id) : companiesPath} />}
    >
      {(company) => <CompanyForm key={company?.id ?? "new"} company={company} />}
    </RecordFormPage>
  );
}
