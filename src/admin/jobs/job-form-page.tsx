import { type FormEvent, useState } from "react";
import { Link, useLocation, useParams } from "wouter";
import {
  type JobDetail,
  type JobRequest,
  jobTypes,
  professionalLevels,
  salaryPers,
  salaryUnits,
} from "../../shared/jobs-schemas.ts";
import { apiErrorMessage } from "../api/api-error.ts";
import { useResource } from "../api/use-resource.ts";
import { CompanyPicker } from "../companies/company-picker.tsx";
import type { MessageId } from "../i18n/en-US.ts";
import { useT } from "../i18n/intl.ts";
import { Button, buttonClass } from "../shell/button.tsx";
import { type FieldErrors, ruleMessage, serverFieldError } from "../shell/form-errors.ts";
import { FormField } from "../shell/form-field.tsx";
import { showToast } from "../shell/toast-store.ts";
import {
  addSkillRequirement,
  emptyJobForm,
  formPath,
  type JobFormState,
  jobFormFromDetail,
  jobRequestFromForm,
  salaryRangeError,
  validateJobForm,
} from "./job-form-state.ts";
import { JobSkillRequirements } from "./job-skill-requirements.tsx";
import { jobsApi } from "./jobs-api.ts";
import { jobHref, jobListHref } from "./use-job-list-query.ts";
import "./job-form.css";

interface Choice {
  value: string;
  label: MessageId;
}

const choices = <T extends string>(values: readonly T[], prefix: string): Choice[] =>
  values.map((value) => ({ value, label: `${prefix}.${value}` as MessageId }));

/** Which label names a field in "{field} is required". */
const fieldLabels: Record<string, MessageId> = {
  companyId: "job.field.company",
  title: "job.field.title",
  description: "job.field.description",
  location: "job.field.location",
  remote: "job.field.workMode",
  type: "job.field.type",
  level: "job.field.level",
  "salary.min": "job.field.salaryMin",
  "salary.max": "job.field.salaryMax",
  "salary.unit": "job.field.salaryUnit",
  "salary.per": "job.field.salaryPer",
  contact: "job.field.contact",
  responsibilities: "job.field.responsibilities",
};

function JobForm({ job }: { job: JobDetail | null }) {
  const tr = useT();
  const { t } = tr;
  const [, navigate] = useLocation();
  const [state, setState] = useState<JobFormState>(job ? jobFormFromDetail(job) : emptyJobForm);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  // After a first submit every rule shows as the admin types; before it only the salary range rule.
  const live = submitted ? validateJobForm(state) : {};
  const rangeError = salaryRangeError(state);
  const errors: FieldErrors = { ...serverErrors, ...live };
  if (rangeError) errors["salary.max"] = rangeError;

  const errorOf = (path: string, label: string) => {
    const message = errors[path];
    return message ? ruleMessage(tr, message, label) : null;
  };
  const labelOf = (path: string) => t(fieldLabels[path] ?? "job.field.title");

  const update = (change: Partial<JobFormState>, paths: string[]) => {
    setState((current) => ({ ...current, ...change }));
    if (paths.some((path) => path in serverErrors)) {
      setServerErrors((current) => {
        const next = { ...current };
        for (const path of paths) delete next[path];
        return next;
      });
    }
  };

  const setLine = (index: number, line: string) =>
    update({ responsibilities: state.responsibilities.map((old, at) => (at === index ? line : old)) }, [
      `responsibilities.${index}`,
    ]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(validateJobForm(state)).length > 0) {
      showToast({ type: "error", heading: "form.invalid" });
      return;
    }
    const { body, rows } = jobRequestFromForm(state);
    setBusy(true);
    try {
      const saved = job
        ? await jobsApi.update(job.id, body as JobRequest)
        : await jobsApi.create(body as JobRequest);
      showToast({ type: "success", heading: job ? "job.updated" : "job.created" });
      navigate(jobHref(saved.id));
    } catch (failure) {
      const fieldError = serverFieldError(failure);
      if (fieldError) {
        const [[path, message]] = Object.entries(fieldError) as [[string, string]];
        setServerErrors({ [formPath(path, rows)]: message });
        showToast({ type: "error", heading: "form.invalid" });
      } else {
        showToast({ type: "error", heading: "toast.error", body: apiErrorMessage(failure) });
      }
    } finally {
      setBusy(false);
    }
  };

  const select = (path: keyof JobFormState, label: MessageId, options: Choice[]) => (
    <FormField id={`job-${path}`} label={t(label)} error={errorOf(path, t(label))}>
      {(props) => (
        <select
          {...props}
          name={path}
          value={String(state[path])}
          onChange={(event) => update({ [path]: event.target.value } as Partial<JobFormState>, [path])}
        >
          <option value="">{t("jobForm.choose")}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {t(option.label)}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );

  const textInput = (key: "title" | "location" | "contact", path = key) => (
    <FormField id={`job-${key}`} label={labelOf(path)} error={errorOf(path, labelOf(path))}>
      {(props) => (
        <input
          {...props}
          name={key}
          value={state[key]}
          onChange={(event) => update({ [key]: event.target.value }, [path])}
        />
      )}
    </FormField>
  );

  const salaryInput = (key: "salaryMin" | "salaryMax", path: "salary.min" | "salary.max") => (
    <FormField id={`job-${key}`} label={labelOf(path)} error={errorOf(path, labelOf(path))}>
      {(props) => (
        <input
          {...props}
          name={key}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          value={state[key]}
          onChange={(event) => update({ [key]: event.target.value }, [path])}
        />
      )}
    </FormField>
  );

  return (
    <form className="entity-form job-form" noValidate onSubmit={submit}>
      <section className="detail-card">
        <h2>{t("job.section.overview")}</h2>
        <FormField
          id="job-companyId"
          label={labelOf("companyId")}
          error={errorOf("companyId", labelOf("companyId"))}
        >
          {(props) => (
            <CompanyPicker
              control={props}
              name="companyId"
              value={state.companyId}
              selectedName={job?.company.name}
              onChange={(company) => update({ companyId: company?.id ?? "" }, ["companyId"])}
            />
          )}
        </FormField>
        {textInput("title")}
        <FormField
          id="job-description"
          label={labelOf("description")}
          error={errorOf("description", labelOf("description"))}
        >
          {(props) => (
            <textarea
              {...props}
              name="description"
              rows={6}
              value={state.description}
              onChange={(event) => update({ description: event.target.value }, ["description"])}
            />
          )}
        </FormField>
        {textInput("location")}
        <FormField id="job-remote" label={labelOf("remote")} error={errorOf("remote", labelOf("remote"))}>
          {(props) => (
            <select
              {...props}
              name="remote"
              value={state.remote ? "true" : "false"}
              onChange={(event) => update({ remote: event.target.value === "true" }, ["remote"])}
            >
              <option value="false">{t("workMode.office")}</option>
              <option value="true">{t("workMode.remote")}</option>
            </select>
          )}
        </FormField>
        {select("type", "job.field.type", choices(jobTypes, "jobType"))}
        {select("level", "job.field.level", choices(professionalLevels, "jobLevel"))}
        {textInput("contact")}
      </section>

      <section className="detail-card">
        <h2>{t("job.section.responsibilities")}</h2>
        {errors.responsibilities && (
          <p className="form-error">
            {ruleMessage(tr, errors.responsibilities, labelOf("responsibilities"))}
          </p>
        )}
        {state.responsibilities.map((line, index) => {
          const path = `responsibilities.${index}`;
          const label = t("job.field.responsibility", { n: index + 1 });
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; the index is their identity.
            <div className="responsibility-row" key={index}>
              <FormField id={`job-responsibility-${index}`} label={label} error={errorOf(path, label)}>
                {(props) => (
                  <input
                    {...props}
                    name={path}
                    maxLength={400}
                    value={line}
                    onChange={(event) => setLine(index, event.target.value)}
                  />
                )}
              </FormField>
              <Button
                size="sm"
                variant="tertiary"
                aria-label={t("jobForm.removeResponsibility", { n: index + 1 })}
                onClick={() =>
                  update({ responsibilities: state.responsibilities.filter((_, at) => at !== index) }, [path])
                }
              >
                ✕
              </Button>
            </div>
          );
        })}
        <Button
          size="sm"
          variant="secondary"
          onClick={() => update({ responsibilities: [...state.responsibilities, ""] }, [])}
        >
          {t("jobForm.addResponsibility")}
        </Button>
      </section>

      <section className="detail-card">
        <h2>{t("job.section.salary")}</h2>
        <div className="form-row">
          {salaryInput("salaryMin", "salary.min")}
          {salaryInput("salaryMax", "salary.max")}
          {select("salaryUnit", "job.field.salaryUnit", choices(salaryUnits, "salaryUnit"))}
          {select("salaryPer", "job.field.salaryPer", choices(salaryPers, "salaryPer"))}
        </div>
      </section>

      <JobSkillRequirements
        rows={state.skillRequirements}
        errors={errors}
        onChange={(skillRequirements, paths) => update({ skillRequirements }, paths)}
        onAdd={(row) => {
          const added = addSkillRequirement(state, row);
          if (!("state" in added)) return added;
          setState(added.state);
          return null;
        }}
      />

      <div className="page-actions">
        <Button type="submit" disabled={busy}>
          {busy ? t("jobForm.saving") : t(job ? "jobForm.save" : "jobForm.create")}
        </Button>
        <Link href={job ? jobHref(job.id) : jobListHref()} className={buttonClass({ variant: "tertiary" })}>
          {t("jobForm.cancel")}
        </Link>
      </div>
    </form>
  );
}

/**
 * `/dashboard/jobs/create` and `/dashboard/jobs/:id/edit` (spec §2 Create Job, Manage Job): every field
 * of the job, checked with the API's own schema before it is sent.
 */
export default function JobFormPage() {
  const { t } = useT();
  const { id } = useParams<{ id?: string }>();
  const editing = Boolean(id);
  const { resource: job, reload } = useResource(
    () => (id ? jobsApi.get(id) : Promise.resolve(null)),
    id ?? "create",
  );

  const back = (
    <Link
      href={id ? jobHref(id) : jobListHref()}
      className={buttonClass({ variant: "tertiary", size: "sm" })}
    >
      ← {t("nav.goBack")}
    </Link>
  );

  if (job.state === "loading") {
    return (
      <section aria-busy="true">
        {back}
        <p className="subtle" role="status">
          {t(editing ? "job.loading" : "loading.page")}
        </p>
      </section>
    );
  }
  if (job.state === "error") {
    return (
      <section>
        {back}
        {job.status === 404 ? (
          <div className="state-panel">
            <h1>{t("job.notFound")}</h1>
            <p>{t("job.notFoundHint")}</p>
          </div>
        ) : (
          <div className="state-panel" role="alert">
            <p>{t("job.error")}</p>
            <Button variant="secondary" onClick={reload}>
              {t("list.retry")}
            </Button>
          </div>
        )}
      </section>
    );
  }

  return (
    <section aria-labelledby="job-form-title">
      {back}
      <header className="page-header">
        <h1 id="job-form-title">{t(editing ? "jobForm.editTitle" : "jobForm.createTitle")}</h1>
        {job.data && <p className="subtle">{job.data.title}</p>}
      </header>
      <JobForm key={job.data?.id ?? "new"} job={job.data} />
    </section>
  );
}
