import type { FormEvent } from "react";
import { useLocation } from "wouter";
import {
  type JobDetail,
  type JobRequest,
  jobTypes,
  professionalLevels,
  salaryPers,
  salaryUnits,
} from "../../shared/jobs-api.ts";
import { apiErrorMessage } from "../api/api-error.ts";
import { useResource } from "../api/use-resource.ts";
import { CompanyPicker } from "../companies/company-picker.tsx";
import type { MessageId } from "../i18n/en-US.ts";
import { useT } from "../i18n/intl.ts";
import { adoptStyles } from "../shell/area-styles.ts";
import { Button } from "../shell/button.tsx";
import { RecordFormActions } from "../shell/form/form-actions.tsx";
import { type FieldErrors, ruleMessage, serverFieldError } from "../shell/form/form-errors.ts";
import { FormField } from "../shell/form/form-field.tsx";
import { InputField, SelectField, TextAreaField, WholeNumberField } from "../shell/form/form-inputs.tsx";
import { RecordFormRoute } from "../shell/form/record-form-route.tsx";
import { submitRecord } from "../shell/form/record-submit.ts";
import { useFormState } from "../shell/form/use-form-state.ts";
import { skillsApi } from "../skills/skills-api.ts";
import jobFormCss from "./job-form.css" with { type: "text" };
import {
  addSkillRequirement,
  emptyJobForm,
  formPath,
  type JobFormState,
  jobChoicePaths,
  jobFormFromDetail,
  jobRequestFromForm,
  salaryRangeError,
  validateJobForm,
} from "./job-form-state.ts";
import { jobHref, jobListHref } from "./job-paths.ts";
import { JobSkillRequirements } from "./job-skill-requirements.tsx";
import { jobsApi } from "./jobs-api.ts";

// A lazy chunk's sheet, adopted when the screen loads: kept out of the sign-in route's stylesheet.
adoptStyles(jobFormCss);

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
  const { t } = useT();
  const [, navigate] = useLocation();
  const form = useFormState<JobFormState>(job ? jobFormFromDetail(job) : emptyJobForm, validateJobForm);
  const fields = useJobFields(form);
  const { state, errors, update } = fields;
  const skillTree = useResource(() => skillsApi.tree(), "skill-tree");

  const submit = (event: FormEvent) => {
    const { body, rows } = jobRequestFromForm(state);
    return submitRecord(form, event, {
      messages: "job",
      editing: job !== null,
      write: () => (job ? jobsApi.update(job.id, body as JobRequest) : jobsApi.create(body as JobRequest)),
      onSaved: (saved) => navigate(jobHref(saved.id)),
      // The API names a list entry by its place in the body; the form's rows may sit elsewhere.
      refused: (failure) =>
        form.refuse(
          serverFieldError(failure, (path) => formPath(path, rows)),
          apiErrorMessage(failure),
        ),
    });
  };

  return (
    <form className="entity-form job-form" noValidate onSubmit={submit}>
      <JobOverviewSection fields={fields} companyName={job?.company.name} />
      <ResponsibilitiesSection fields={fields} />

      <section className="detail-card">
        <h2>{t("job.section.salary")}</h2>
        <div className="form-row">
          {fields.salaryInput("salaryMin", "salary.min")}
          {fields.salaryInput("salaryMax", "salary.max")}
          {fields.select("salaryUnit", "job.field.salaryUnit", choices(salaryUnits, "salaryUnit"))}
          {fields.select("salaryPer", "job.field.salaryPer", choices(salaryPers, "salaryPer"))}
        </div>
      </section>

      <JobSkillRequirements
        tree={skillTree.resource}
        onRetryTree={skillTree.reload}
        rows={state.skillRequirements}
        errors={errors}
        onChange={(skillRequirements, paths) => update({ skillRequirements }, paths)}
        onAdd={(row) => {
          const added = addSkillRequirement(state, row);
          if (!("state" in added)) return added;
          form.setState(added.state);
          return null;
        }}
      />

      {/* Below the skills, the buttons come once the tree is drawn: shown while it loaded, they moved
          down by the height of the add fields as it arrived, and a click aimed at them landed elsewhere. */}
      {skillTree.resource.state !== "loading" && (
        <RecordFormActions
          messages="jobForm"
          editing={job !== null}
          busy={form.busy}
          cancelHref={job ? jobHref(job.id) : jobListHref()}
        />
      )}
    </form>
  );
}

/** The job form's values, errors and controls, each bound to its path in the form's state. */
function useJobFields(form: ReturnType<typeof useFormState<JobFormState>>) {
  const tr = useT();
  const { t } = tr;
  const { state } = form;

  // After a first submit every rule shows as the admin types; before it only the salary range rule (and,
  // as on every form, a text over its limit).
  const rangeError = salaryRangeError(state);
  const errors: FieldErrors = { ...form.errors };
  if (rangeError) errors["salary.max"] = rangeError;

  const errorOf = (path: string, label: string) => {
    const message = errors[path];
    return message ? ruleMessage(tr, message, label) : null;
  };
  const labelOf = (path: string) => t(fieldLabels[path] ?? "job.field.title");

  const update = (change: Partial<JobFormState>, paths: string[]) =>
    form.update((current) => ({ ...current, ...change }), paths);

  /** A choice of codes, with the errors the rules and the API give at its path (`salary.unit`). */
  const select = (key: keyof typeof jobChoicePaths, label: MessageId, options: Choice[]) => {
    const path = jobChoicePaths[key];
    return (
      <SelectField
        id={`job-${key}`}
        label={t(label)}
        error={errorOf(path, t(label))}
        name={key}
        value={state[key]}
        empty={t("jobForm.choose")}
        options={options.map((option) => ({ value: option.value, text: t(option.label) }))}
        onChange={(value) => update({ [key]: value } as Partial<JobFormState>, [path])}
      />
    );
  };

  /** The props that tie a text control to `key` of the state and the errors at `path`. */
  const bind = (
    key: "title" | "description" | "location" | "contact" | "salaryMin" | "salaryMax",
    path: string = key,
  ) => ({
    id: `job-${key}`,
    label: labelOf(path),
    error: errorOf(path, labelOf(path)),
    name: key,
    value: state[key],
    onChange: (value: string) => update({ [key]: value }, [path]),
  });

  const textInput = (key: "title" | "location" | "contact") => <InputField {...bind(key)} />;

  const salaryInput = (key: "salaryMin" | "salaryMax", path: "salary.min" | "salary.max") => (
    <WholeNumberField {...bind(key, path)} min={0} />
  );

  return { state, errors, errorOf, labelOf, update, bind, select, textInput, salaryInput };
}

type JobFields = ReturnType<typeof useJobFields>;

/** Company, title, description, location, work mode, type, level and contact. */
function JobOverviewSection({ fields, companyName }: { fields: JobFields; companyName: string | undefined }) {
  const { t } = useT();
  const { state, errorOf, labelOf, update } = fields;
  return (
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
            selectedName={companyName}
            onChange={(company) => update({ companyId: company?.id ?? "" }, ["companyId"])}
          />
        )}
      </FormField>
      {fields.textInput("title")}
      <TextAreaField {...fields.bind("description")} rows={6} />
      {fields.textInput("location")}
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
      {fields.select("type", "job.field.type", choices(jobTypes, "jobType"))}
      {fields.select("level", "job.field.level", choices(professionalLevels, "jobLevel"))}
      {fields.textInput("contact")}
    </section>
  );
}

/** The responsibilities, one line each, added and removed in place. */
function ResponsibilitiesSection({ fields }: { fields: JobFields }) {
  const tr = useT();
  const { t } = tr;
  const { state, errors, errorOf, labelOf, update } = fields;
  const setLine = (index: number, line: string) =>
    update({ responsibilities: state.responsibilities.map((old, at) => (at === index ? line : old)) }, [
      `responsibilities.${index}`,
    ]);

  // A rule about the whole list (too many) marks the list; its first row takes the focus.
  return (
    <section
      className="detail-card"
      aria-labelledby="job-responsibilities-title"
      aria-describedby={errors.responsibilities ? "job-responsibilities-error" : undefined}
      data-invalid={errors.responsibilities ? "true" : undefined}
    >
      <h2 id="job-responsibilities-title">{t("job.section.responsibilities")}</h2>
      {errors.responsibilities && (
        <p className="form-error field-error" id="job-responsibilities-error">
          {ruleMessage(tr, errors.responsibilities, labelOf("responsibilities"))}
        </p>
      )}
      {state.responsibilities.map((line, index) => {
        const path = `responsibilities.${index}`;
        const label = t("job.field.responsibility", { n: index + 1 });
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; the index is their identity.
          <div className="responsibility-row" key={index}>
            <InputField
              id={`job-responsibility-${index}`}
              label={label}
              error={errorOf(path, label)}
              name={path}
              value={line}
              onChange={(text) => setLine(index, text)}
            />
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
  );
}

/**
 * `/dashboard/jobs/create` and `/dashboard/jobs/:id/edit` (spec §2 Create Job, Manage Job): every field
 * of the job, checked with the API's own schema before it is sent.
 */
export default function JobFormPage() {
  return (
    <RecordFormRoute
      load={jobsApi.get}
      area="job"
      titleId="job-form-title"
      createTitle="jobForm.createTitle"
      editTitle="jobForm.editTitle"
      recordName={(job) => job.title}
      backHref={(id) => (id ? jobHref(id) : jobListHref())}
    >
      {(job) => <JobForm job={job} />}
    </RecordFormRoute>
  );
}
