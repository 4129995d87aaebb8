import { SQL } from "bun";
import { type Company, type CompanyRequest, normalizeHandle } from "../../../shared/jobs-api.ts";
import { containsPattern, type ListQuery, listItems } from "../../http/list-query.ts";
import { type RecordRow, rowFields } from "../record-rows.ts";

/** The list's sort fields and the columns behind them (names compare case-insensitively). */
export const companySortColumns: Record<string, string> = {
  name: "c.name_key",
  createdAt: "c.created_at",
  jobs: "COALESCE(jc.job_count, 0)",
};

interface CompanyRow extends RecordRow {
  name: string;
  description: string;
  website: string | null;
  video_url: string | null;
  twitter: string | null;
  instagram: string | null;
  logo_url: string | null;
  job_count: number | string | bigint;
}

const companyColumns =
  "id name description website video_url twitter instagram logo_url job_count created_at updated_at";

function fromRow(row: CompanyRow): Company {
  return { ...rowFields(row, companyColumns), jobCount: Number(row.job_count) };
}

/** The key that makes names unique regardless of case and surrounding spaces. */
export const companyNameKey = (name: string) => name.trim().toLowerCase();

/** The stored values of a create or update body: texts trimmed, empty optional values as null. */
function columns(body: CompanyRequest) {
  const url = (value: string | null | undefined) => value?.trim() || null;
  const handle = (value: string | null | undefined) => (value ? normalizeHandle(value) || null : null);
  return {
    name: body.name.trim(),
    nameKey: companyNameKey(body.name),
    description: body.description?.trim() ?? "",
    website: url(body.website),
    videoUrl: url(body.videoUrl),
    twitter: handle(body.twitter),
    instagram: handle(body.instagram),
    logoUrl: url(body.logoUrl),
  };
}

export async function listCompanies(
  sql: SQL,
  query: ListQuery,
): Promise<{ items: Company[]; total: number }> {
  const where = query.search ? [sql`c.name_key LIKE ${containsPattern(query.search)} ESCAPE '\\'`] : [];
  return listItems(sql, {
    select: "c.*, COALESCE(jc.job_count, 0) AS job_count",
    from: sql`companies c LEFT JOIN (SELECT company_id, count(*) AS job_count FROM jobs GROUP BY company_id) jc
      ON jc.company_id = c.id`,
    where,
    query,
    tieBreaker: "c.id",
    toItem: fromRow,
  });
}

/** One company and its job count in one query (the original's detail page loaded every company). */
export async function findCompany(sql: SQL, id: string): Promise<Company | null> {
  const [row] = await sql`SELECT c.*, (SELECT count(*) FROM jobs j WHERE j.company_id = c.id) AS job_count
    FROM companies c WHERE c.id = ${id}`;
  return row ? fromRow(row as CompanyRow) : null;
}

export async function companyExists(sql: SQL, id: string): Promise<boolean> {
  const [row] = await sql`SELECT id FROM companies WHERE id = ${id}`;
  return row !== undefined;
}

/** A name taken by another company than `exceptId`. */
async function nameTaken(sql: SQL, nameKey: string, exceptId: string | null): Promise<boolean> {
  const [row] = exceptId
    ? await sql`SELECT id FROM companies WHERE name_key = ${nameKey} AND id <> ${exceptId}`
    : await sql`SELECT id FROM companies WHERE name_key = ${nameKey}`;
  return row !== undefined;
}

/** A unique index refused the row: two writes raced for one name after both checked it was free. */
export function isUniqueViolation(error: unknown): boolean {
  return (
    (error instanceof SQL.PostgresError && error.errno === "23505") ||
    (error instanceof SQL.SQLiteError && error.code.startsWith("SQLITE_CONSTRAINT_UNIQUE"))
  );
}

export type CompanyWrite = { ok: true; id: string } | { ok: false; reason: "name-taken" | "not-found" };

/**
 * Inserts a company unless its name is taken. Two creates racing for one name both pass the check;
 * the unique index refuses the second, whose caller maps `isUniqueViolation` to the same answer.
 */
export async function insertCompany(sql: SQL, body: CompanyRequest): Promise<CompanyWrite> {
  const values = columns(body);
  if (await nameTaken(sql, values.nameKey, null)) return { ok: false, reason: "name-taken" };
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  await sql`INSERT INTO companies (id, name, name_key, description, website, video_url, twitter, instagram,
      logo_url, created_at, updated_at)
    VALUES (${id}, ${values.name}, ${values.nameKey}, ${values.description}, ${values.website},
      ${values.videoUrl}, ${values.twitter}, ${values.instagram}, ${values.logoUrl}, ${now}, ${now})`;
  return { ok: true, id };
}

export async function updateCompany(sql: SQL, id: string, body: CompanyRequest): Promise<CompanyWrite> {
  const values = columns(body);
  if (!(await companyExists(sql, id))) return { ok: false, reason: "not-found" };
  if (await nameTaken(sql, values.nameKey, id)) return { ok: false, reason: "name-taken" };
  const updated = await sql`UPDATE companies SET name = ${values.name}, name_key = ${values.nameKey},
      description = ${values.description}, website = ${values.website}, video_url = ${values.videoUrl},
      twitter = ${values.twitter}, instagram = ${values.instagram}, logo_url = ${values.logoUrl},
      updated_at = ${new Date().toISOString()}
    WHERE id = ${id} RETURNING id`;
  return updated.length === 0 ? { ok: false, reason: "not-found" } : { ok: true, id };
}

export type CompanyDeletion =
  | { ok: true; name: string; deletedJobs: number }
  | { ok: false; reason: "not-found" | "has-jobs" };

/**
 * Deletes a company; with `force`, its jobs and their skill requirements too. Call it in a transaction.
 * Rows are deleted explicitly rather than through ON DELETE CASCADE so the outcome does not hang on
 * SQLite's foreign-key setting.
 */
export async function deleteCompany(sql: SQL, id: string, force: boolean): Promise<CompanyDeletion> {
  const [company] = await sql`SELECT name FROM companies WHERE id = ${id}`;
  if (!company) return { ok: false, reason: "not-found" };
  if (!force) {
    // The job check sits in the statement itself, so a job added meanwhile still keeps the company.
    const deleted = await sql`DELETE FROM companies WHERE id = ${id}
      AND NOT EXISTS (SELECT 1 FROM jobs WHERE company_id = ${id}) RETURNING id`;
    if (deleted.length === 0) return { ok: false, reason: "has-jobs" };
    return { ok: true, name: String(company.name), deletedJobs: 0 };
  }
  await sql`DELETE FROM job_skill_requirements WHERE job_id IN (SELECT id FROM jobs WHERE company_id = ${id})`;
  const jobs = await sql`DELETE FROM jobs WHERE company_id = ${id} RETURNING id`;
  await sql`DELETE FROM companies WHERE id = ${id}`;
  return { ok: true, name: String(company.name), deletedJobs: jobs.length };
}
