import type { FormEvent } from "react";
import { useLocation } from "wouter";
import type { Company } from "../../shared/jobs-api.ts";
import { apiErrorMessage } from "../api/api-error.ts";
import type { MessageId } from "../i18n/en-US.ts";
import { useT } from "../i18n/intl.ts";
import { RecordFormActions } from "../shell/form/form-actions.tsx";
import { serverFieldError } from "../shell/form/form-errors.ts";
import { InputField, TextAreaField } from "../shell/form/form-inputs.tsx";
import { RecordFormRoute } from "../shell/form/record-form-route.tsx";
import { submitRecord } from "../shell/form/record-submit.ts";
import { useFormState } from "../shell/form/use-form-state.ts";
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

  return (
    <form className="entity-form" noValidate onSubmit={submit}>
      <section className="detail-card">
        {companyFormFields.map((field) => {
          const props = form.field(`company-${field}`, field, t(`company.field.${field}` as MessageId));
          return field === "description" ? (
            <TextAreaField key={field} {...props} rows={5} />
          ) : (
            <InputField key={field} {...props} type={companyUrlFields.includes(field) ? "url" : "text"} />
          );
        })}
      </section>
      <RecordFormActions
        messages="companyForm"
        editing={company !== null}
        busy={form.busy}
        cancelHref={leave}
      />
    </form>
  );
}

/**
 * `/dashboard/companies/create` and `/dashboard/companies/:id/edit`: one form for both; editing loads
 * the company first and shows the detail screens' loading, not-found and error states.
 */
export default function CompanyFormPage() {
  return (
    <RecordFormRoute
      load={companiesApi.get}
      area="company"
      titleId="company-form-title"
      createTitle="companyForm.title"
      editTitle="companyForm.editTitle"
      recordName={(company) => company.name}
      backHref={(id) => (id ? companyHref(id) : companiesPath)}
    >
      {(company) => <CompanyForm company={company} />}
    </RecordFormRoute>
  );
}
