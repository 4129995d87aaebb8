import type { SQL } from "bun";
import {
  companyNotFoundMessage,
  type JobDetail,
  type JobListItem,
  type JobRequest,
  type JobSkillRequirement,
  type JobType,
  jobNotFoundMessage,
  type ProfessionalLevel,
  type SalaryPer,
  type SalaryUnit,
  subSkillNotFoundMessage,
} from "../../../shared/jobs-api.ts";
import { containsPattern, type ListQuery, listItems, type listPage } from "../../http/list-query.ts";
import { type RecordRow, rowFields } from "../record-rows.ts";
import { parseStringList } from "../repository-helpers.ts";

/** The list's sort fields and the columns behind them (texts compare case-insensitively). */
export const jobSortColumns: Record<string, string> = {
  title: "lower(j.title)",
  updatedAt: "j.updated_at",
  salaryMax: "j.salary_max",
  company: "c.name_key",
};

export interface JobFilters {
  companyId?: string;
  type?: JobType;
  level?: ProfessionalLevel;
  remote?: boolean;
}

interface JobRow extends RecordRow {
  company_id: string;
  company_name: string;
  title: string;
  description: string;
  location: string;
  remote: boolean | number;
  job_type: string;
  professional_level: string;
  responsibilities: string;
  salary_min: number | string;
  salary_max: number | string;
  salary_unit: string;
  salary_per: string;
  contact: string;
}

function listItem(row: JobRow): JobListItem {
  return {
    id: row.id,
    title: row.title,
    company: { id: row.company_id, name: row.company_name },
    location: row.location,
    remote: Boolean(row.remote),
    type: row.job_type as JobType,
    level: row.professional_level as ProfessionalLevel,
    salary: {
      min: Number(row.salary_min),
      max: Number(row.salary_max),
      unit: row.salary_unit as SalaryUnit,
      per: row.salary_per as SalaryPer,
    },
    ...rowFields(row, "created_at updated_at"),
  };
}

const listColumns = `j.id, j.company_id, c.name AS company_name, j.title, j.location, j.remote, j.job_type,
  j.professional_level, j.salary_min, j.salary_max, j.salary_unit, j.salary_per, j.created_at, j.updated_at`;

export async function listJobs(
  sql: SQL,
  query: ListQuery,
  filters: JobFilters,
): Promise<{ items: JobListItem[]; total: number }> {
  const where: Parameters<typeof listPage>[1]["where"] = [];
  if (query.search) {
    const pattern = containsPattern(query.search);
    where.push(sql`(lower(j.title) LIKE ${pattern} ESCAPE '\\' OR lower(j.location) LIKE ${pattern} ESCAPE '\\'
      OR c.name_key LIKE ${pattern} ESCAPE '\\')`);
  }
  if (filters.companyId !== undefined) where.push(sql`j.company_id = ${filters.companyId}`);
  if (filters.type !== undefined) where.push(sql`j.job_type = ${filters.type}`);
  if (filters.level !== undefined) where.push(sql`j.professional_level = ${filters.level}`);
  if (filters.remote !== undefined) where.push(sql`j.remote = ${filters.remote}`);
  return listItems(sql, {
    select: listColumns,
    from: sql`jobs j JOIN companies c ON c.id = j.company_id`,
    where,
    query,
    tieBreaker: "j.id",
    toItem: listItem,
  });
}

/** A job with its company and skill requirements: two queries, whatever the number of requirements. */
export async function findJob(sql: SQL, id: string): Promise<JobDetail | null> {
  const [row] = await sql`SELECT j.*, c.name AS company_name
    FROM jobs j JOIN companies c ON c.id = j.company_id WHERE j.id = ${id}`;
  if (!row) return null;
  const job = row as JobRow;
  const requirements = await sql`SELECT r.sub_skill_id, s.name AS sub_skill_name, s.root_id, r.min_level
    FROM job_skill_requirements r JOIN sub_skills s ON s.id = r.sub_skill_id
    WHERE r.job_id = ${id} ORDER BY lower(s.name), r.sub_skill_id`;
  return {
    ...listItem(job),
    companyId: job.company_id,
    description: job.description,
    responsibilities: parseStringList(job.responsibilities),
    contact: job.contact,
    skillRequirements: requirements.map(
      (requirement: Record<string, unknown>): JobSkillRequirement => ({
        subSkillId: String(requirement.sub_skill_id),
        subSkillName: String(requirement.sub_skill_name),
        rootSkillId: String(requirement.root_id),
        minLevel: Number(requirement.min_level),
      }),
    ),
  };
}

export type JobWrite =
  | { ok: true; id: string }
  | { ok: false; status: 400 | 404; error: string; field?: string };

/** Refuses a body whose company or sub-skills do not exist, naming the field to correct. */
async function checkReferences(sql: SQL, body: JobRequest): Promise<JobWrite | null> {
  const [company] = await sql`SELECT id FROM companies WHERE id = ${body.companyId.trim()}`;
  if (!company) return { ok: false, status: 400, error: companyNotFoundMessage, field: "companyId" };
  const requirements = body.skillRequirements ?? [];
  if (requirements.length === 0) return null;
  const ids = requirements.map((requirement) => requirement.subSkillId.trim());
  const found = await sql`SELECT id FROM sub_skills WHERE id IN ${sql(ids)}`;
  const known = new Set(found.map((row: { id: string }) => row.id));
  const missing = ids.findIndex((id) => !known.has(id));
  if (missing === -1) return null;
  return {
    ok: false,
    status: 400,
    error: subSkillNotFoundMessage,
    field: `skillRequirements.${missing}.subSkillId`,
  };
}

/** The stored values of a create or update body: texts trimmed, optional texts empty when absent. */
function columns(body: JobRequest) {
  return {
    companyId: body.companyId.trim(),
    title: body.title.trim(),
    description: body.description?.trim() ?? "",
    location: body.location?.trim() ?? "",
    remote: body.remote,
    type: body.type,
    level: body.level,
    responsibilities: JSON.stringify(body.responsibilities.map((item) => item.trim())),
    salary: body.salary,
    contact: body.contact?.trim() ?? "",
  };
}

async function replaceRequirements(sql: SQL, jobId: string, body: JobRequest): Promise<void> {
  await sql`DELETE FROM job_skill_requirements WHERE job_id = ${jobId}`;
  for (const requirement of body.skillRequirements ?? []) {
    await sql`INSERT INTO job_skill_requirements (job_id, sub_skill_id, min_level)
      VALUES (${jobId}, ${requirement.subSkillId.trim()}, ${requirement.minLevel})`;
  }
}

/** Creates a job and its skill requirements. Call it in a transaction, so both or neither are stored. */
export async function insertJob(sql: SQL, body: JobRequest): Promise<JobWrite> {
  const refused = await checkReferences(sql, body);
  if (refused) return refused;
  const values = columns(body);
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  await sql`INSERT INTO jobs (id, company_id, title, description, location, remote, job_type, professional_level,
      responsibilities, salary_min, salary_max, salary_unit, salary_per, contact, created_at, updated_at)
    VALUES (${id}, ${values.companyId}, ${values.title}, ${values.description}, ${values.location},
      ${values.remote}, ${values.type}, ${values.level}, ${values.responsibilities}, ${values.salary.min},
      ${values.salary.max}, ${values.salary.unit}, ${values.salary.per}, ${values.contact}, ${now}, ${now})`;
  await replaceRequirements(sql, id, body);
  return { ok: true, id };
}

/**
 * Replaces every field of a job, its skill requirements included (an absent list clears them).
 * Call it in a transaction, so the job and its requirements change together.
 */
export async function updateJob(sql: SQL, id: string, body: JobRequest): Promise<JobWrite> {
  const [existing] = await sql`SELECT id FROM jobs WHERE id = ${id}`;
  if (!existing) return { ok: false, status: 404, error: jobNotFoundMessage };
  const refused = await checkReferences(sql, body);
  if (refused) return refused;
  const values = columns(body);
  await sql`UPDATE jobs SET company_id = ${values.companyId}, title = ${values.title},
      description = ${values.description}, location = ${values.location}, remote = ${values.remote},
      job_type = ${values.type}, professional_level = ${values.level},
      responsibilities = ${values.responsibilities}, salary_min = ${values.salary.min},
      salary_max = ${values.salary.max}, salary_unit = ${values.salary.unit}, salary_per = ${values.salary.per},
      contact = ${values.contact}, updated_at = ${new Date().toISOString()}
    WHERE id = ${id}`;
  await replaceRequirements(sql, id, body);
  return { ok: true, id };
}

/** Deletes a job and its skill requirements; the job's title when it existed. */
export async function deleteJob(sql: SQL, id: string): Promise<string | null> {
  await sql`DELETE FROM job_skill_requirements WHERE job_id = ${id}`;
  const [deleted] = await sql`DELETE FROM jobs WHERE id = ${id} RETURNING title`;
  return deleted ? String(deleted.title) : null;
}
