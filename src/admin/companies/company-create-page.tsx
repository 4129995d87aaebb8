import { type FormEvent, useState } from "react";
import { Link, useLocation } from "wouter";
import { CompanyRequest } from "../../shared/jobs-schemas.ts";
import { apiErrorMessage } from "../api/api-error.ts";
import type { MessageId } from "../i18n/en-US.ts";
import { useT } from "../i18n/intl.ts";
import { Button, buttonClass } from "../shell/button.tsx";
import { type FieldErrors, fieldErrors, ruleMessage, serverFieldError } from "../shell/form-errors.ts";
import { FormField } from "../shell/form-field.tsx";
import { showToast } from "../shell/toast-store.ts";
import { companiesApi } from "./companies-api.ts";
import { companiesPath, companyHref } from "./company-list-page.tsx";

const fields = ["name", "description", "website", "videoUrl", "twitter", "instagram", "logoUrl"] as const;
type CompanyField = (typeof fields)[number];
type CompanyForm = Record<CompanyField, string>;

const emptyForm: CompanyForm = {
  name: "",
  description: "",
  website: "",
  videoUrl: "",
  twitter: "",
  instagram: "",
  logoUrl: "",
};

/** `/dashboard/companies/create`: the company's fields, checked with the API's schema before sending. */
export default function CompanyCreatePage() {
  const tr = useT();
  const { t } = tr;
  const [, navigate] = useLocation();
  const [form, setForm] = useState<CompanyForm>(emptyForm);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const errors = { ...serverErrors, ...(submitted ? fieldErrors(form, CompanyRequest) : {}) };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(fieldErrors(form, CompanyRequest)).length > 0) {
      showToast({ type: "error", heading: "form.invalid" });
      return;
    }
    setBusy(true);
    try {
      const company = await companiesApi.create(form);
      showToast({ type: "success", heading: "company.created" });
      navigate(companyHref(company.id));
    } catch (failure) {
      const fieldError = serverFieldError(failure);
      if (fieldError) setServerErrors(fieldError);
      showToast({ type: "error", heading: "toast.error", body: apiErrorMessage(failure) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="company-form-title">
      <Link href={companiesPath} className={buttonClass({ variant: "tertiary", size: "sm" })}>
        ← {t("nav.goBack")}
      </Link>
      <header className="page-header">
        <h1 id="company-form-title">{t("companyForm.title")}</h1>
      </header>
      <form className="entity-form" noValidate onSubmit={submit}>
        <section className="detail-card">
          {fields.map((field) => {
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
                      onChange={(event) => setForm({ ...form, [field]: event.target.value })}
                    />
                  ) : (
                    <input
                      {...props}
                      name={field}
                      type={["website", "videoUrl", "logoUrl"].includes(field) ? "url" : "text"}
                      value={form[field]}
                      onChange={(event) => {
                        setForm({ ...form, [field]: event.target.value });
                        if (serverErrors[field]) setServerErrors({});
                      }}
                    />
                  )
                }
              </FormField>
            );
          })}
        </section>
        <div className="page-actions">
          <Button type="submit" disabled={busy}>
            {busy ? t("jobForm.saving") : t("companyForm.create")}
          </Button>
          <Link href={companiesPath} className={buttonClass({ variant: "tertiary" })}>
            {t("jobForm.cancel")}
          </Link>
        </div>
      </form>
    </section>
  );
}
