import { Link, useLocation, useParams } from "wouter";
import type { JobDetail } from "../../shared/jobs-api.ts";
import { useResource } from "../api/use-resource.ts";
import { DateTimeAgo } from "../format/date-time-ago.tsx";
import { useT } from "../i18n/intl.ts";
import { Button, buttonClass } from "../shell/button.tsx";
import { detailTexts } from "../shell/detail/detail-status.tsx";
import { FieldList } from "../shell/detail/field-list.tsx";
import { RecordScreen } from "../shell/detail/record-screen.tsx";
import { confirmAction } from "../shell/overlay/confirm.ts";
import { runAction } from "../shell/overlay/run-action.ts";
import { salaryRange, workModeId } from "./job-labels.ts";
import { jobHref, jobListHref } from "./job-paths.ts";
import { jobsApi } from "./jobs-api.ts";

function JobActions({ job }: { job: JobDetail }) {
  const { t } = useT();
  const [, navigate] = useLocation();
  const remove = () =>
    confirmAction({
      type: "danger",
      heading: t("job.confirm.deleteTitle", { title: job.title }),
      body: t("job.confirm.deleteBody"),
      confirmLabel: t("job.action.delete"),
      onConfirm: async () => {
        if ((await runAction(() => jobsApi.remove(job.id), "job.deleted")).ok) navigate(jobListHref());
      },
    });
  return (
    <div className="page-actions">
      <Link href={`${jobHref(job.id)}/edit`} className={buttonClass({ variant: "primary" })}>
        {t("job.action.edit")}
      </Link>
      <Button variant="secondary" className="button-danger" onClick={remove}>
        {t("job.action.delete")}
      </Button>
    </div>
  );
}

function JobFields({ job }: { job: JobDetail }) {
  const tr = useT();
  const { t, formatNumber } = tr;
  return (
    <>
      <div className="detail-grid">
        <FieldList
          title="job.section.overview"
          fields={[
            { label: "job.field.id", value: <code>{job.id}</code> },
            { label: "job.field.title", value: job.title },
            {
              label: "job.field.company",
              value: (
                <Link
                  href={`/dashboard/companies/${encodeURIComponent(job.company.id)}`}
                  className="table-link"
                >
                  {job.company.name}
                </Link>
              ),
            },
            { label: "job.field.type", value: t(`jobType.${job.type}`) },
            { label: "job.field.level", value: t(`jobLevel.${job.level}`) },
            { label: "job.field.workMode", value: t(workModeId(job.remote)) },
            { label: "job.field.location", value: job.location },
            { label: "job.field.contact", value: job.contact },
            { label: "job.field.createdAt", value: <DateTimeAgo value={job.createdAt} /> },
            { label: "job.field.updatedAt", value: <DateTimeAgo value={job.updatedAt} /> },
          ]}
        />
        <FieldList
          title="job.section.salary"
          fields={[
            { label: "job.field.salaryRange", value: salaryRange(tr, job.salary) },
            { label: "job.field.salaryMin", value: formatNumber(job.salary.min) },
            { label: "job.field.salaryMax", value: formatNumber(job.salary.max) },
            { label: "job.field.salaryUnit", value: t(`salaryUnit.${job.salary.unit}`) },
            { label: "job.field.salaryPer", value: t(`salaryPer.${job.salary.per}`) },
          ]}
        />
      </div>
      <div className="detail-grid">
        <FieldList
          title="job.field.description"
          fields={[{ label: "job.field.description", value: <p className="pre-wrap">{job.description}</p> }]}
        />
        <section className="detail-card" data-testid="job-responsibilities">
          <h2>{t("job.section.responsibilities")}</h2>
          {job.responsibilities.length ? (
            <ul>
              {job.responsibilities.map((line, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: lines may repeat; their order is the identity.
                <li key={index}>{line}</li>
              ))}
            </ul>
          ) : (
            <p className="subtle-cell">{t("job.responsibilities.empty")}</p>
          )}
        </section>
        <section className="detail-card" data-testid="job-skills">
          <h2>{t("job.section.skills")}</h2>
          {job.skillRequirements.length ? (
            <ul>
              {job.skillRequirements.map((skill) => (
                <li key={skill.subSkillId}>
                  {skill.subSkillName} · {t("job.skills.minLevel", { level: skill.minLevel })}
                </li>
              ))}
            </ul>
          ) : (
            <p className="subtle-cell">{t("job.skills.empty")}</p>
          )}
        </section>
      </div>
    </>
  );
}

/** `/dashboard/jobs/:id` (spec §2 Manage Job): every field, edit and delete. */
export default function JobDetailPage() {
  const { t } = useT();
  const { id = "" } = useParams<{ id: string }>();
  const { resource, reload } = useResource(() => jobsApi.get(id), id);
  return (
    <RecordScreen
      resource={resource}
      texts={detailTexts("job")}
      onRetry={reload}
      back={jobListHref()}
      titleId="job-title"
      screen={t("job.title")}
      name={(job) => job.title}
      actions={(job) => <JobActions job={job} />}
    >
      {(job) => <JobFields job={job} />}
    </RecordScreen>
  );
}
