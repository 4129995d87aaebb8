import { Link, useLocation } from "wouter";
import type { JobDetail } from "../../shared/jobs-api.ts";
import { useT } from "../i18n/intl.ts";
import { DetailCard } from "../shell/detail/detail-card.tsx";
import { FieldList, recordFields } from "../shell/detail/field-list.tsx";
import { RecordActions } from "../shell/detail/record-actions.tsx";
import { RecordScreen } from "../shell/detail/record-screen.tsx";
import { useRouteRecord } from "../shell/detail/use-route-record.ts";
import { confirmDelete } from "../shell/overlay/confirm-delete.ts";
import { salaryRange, workModeId } from "./job-labels.ts";
import { jobHref, jobListHref } from "./job-paths.ts";
import { jobsApi } from "./jobs-api.ts";

function JobActions({ job }: { job: JobDetail }) {
  const tr = useT();
  const [, navigate] = useLocation();
  const remove = () =>
    confirmDelete(tr, {
      messages: "job",
      values: { title: job.title },
      remove: () => jobsApi.remove(job.id),
      onDeleted: () => navigate(jobListHref()),
    });
  return <RecordActions messages="job" editHref={`${jobHref(job.id)}/edit`} onDelete={remove} />;
}

function JobFields({ job }: { job: JobDetail }) {
  const tr = useT();
  const { t, formatNumber } = tr;
  return (
    <>
      <div className="detail-grid">
        <FieldList
          title="job.section.overview"
          fields={recordFields("job", job, [
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
          ])}
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
        <DetailCard
          name="job.responsibilities"
          testId="job-responsibilities"
          isEmpty={job.responsibilities.length === 0}
        >
          <ul>
            {job.responsibilities.map((line, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: lines may repeat; their order is the identity.
              <li key={index}>{line}</li>
            ))}
          </ul>
        </DetailCard>
        <DetailCard name="job.skills" testId="job-skills" isEmpty={job.skillRequirements.length === 0}>
          <ul>
            {job.skillRequirements.map((skill) => (
              <li key={skill.subSkillId}>
                {skill.subSkillName} · {t("job.skills.minLevel", { level: skill.minLevel })}
              </li>
            ))}
          </ul>
        </DetailCard>
      </div>
    </>
  );
}

/** `/dashboard/jobs/:id` (spec §2 Manage Job): every field, edit and delete. */
export default function JobDetailPage() {
  const load = useRouteRecord(jobsApi.get);
  return (
    <RecordScreen
      kind="job"
      load={load}
      back={jobListHref()}
      name={(job) => job.title}
      actions={(job) => <JobActions job={job} />}
    >
      {(job) => <JobFields job={job} />}
    </RecordScreen>
  );
}
