import type { SQL } from "bun";
import type { PasswordHashing } from "../auth/password-hashing.ts";
import type { DemoDataSize } from "../config.ts";
import { creationAudit } from "./audit.ts";
import { insertRows, type Row } from "./bulk-insert.ts";
import { generateChallenges } from "./challenges.ts";
import { generateCompanies, generateJobs } from "./companies.ts";
import { createRandom } from "./random.ts";
import { generateReports } from "./reports.ts";
import { generateSkillTree } from "./skill-tree.ts";
import { banAudit, generateSkillXp, generateUsers, generateWallets } from "./users.ts";

/** Every generated account signs in with this password (the demo admin keeps "admin"). */
export const demoUserPassword = "password";

/** The fixed seed: change it and every generated row changes; keep it and they never do. */
export const demoSeed = "platform-demo-2026-11-01";

export const demoVolumes = {
  users: 1200,
  admins: 36,
  companies: 50,
  jobs: 200,
  reports: 300,
  /** Community members who write challenges and tasks besides the admins. */
  creators: 120,
} as const;

/** Tables in an order that satisfies every foreign key. */
export const demoTables = [
  "users",
  "coin_transactions",
  "root_skills",
  "root_skill_dependencies",
  "sub_skills",
  "sub_skill_dependencies",
  "user_skill_xp",
  "companies",
  "jobs",
  "job_skill_requirements",
  "challenge_categories",
  "challenges",
  "challenge_skills",
  "tasks",
  "reports",
  "bans",
  "audit_log",
] as const;
export type DemoTable = (typeof demoTables)[number];

/**
 * The whole platform data set as rows per table, without touching a database: the same seed and
 * hash give the same rows. Twenty categories of five challenges come from the word lists.
 */
export function generatePlatformDemoData(
  passwordHash: string,
  taken: { names: string[]; emails: string[] } = { names: [], emails: [] },
): Record<DemoTable, Row[]> {
  const random = createRandom(demoSeed);
  const users = generateUsers(random.fork("users"), {
    count: demoVolumes.users,
    adminCount: demoVolumes.admins,
    passwordHash,
    taken,
  });
  const admins = users.filter((user) => user.isAdmin && user.active);
  const community = users.filter((user) => !user.isAdmin && user.active);
  const tree = generateSkillTree(random.fork("skills"));
  const wallets = generateWallets(random.fork("wallets"), users, admins);
  const skillXp = generateSkillXp(random.fork("xp"), users, tree.subSkills);

  const companyRandom = random.fork("companies");
  const { rows: companies, companies: demoCompanies } = generateCompanies(
    companyRandom,
    demoVolumes.companies,
  );
  const { jobs, requirements } = generateJobs(companyRandom, demoVolumes.jobs, demoCompanies, tree.subSkills);

  const creators = random.fork("creators").sample(community, demoVolumes.creators);
  const challenges = generateChallenges(random.fork("challenges"), { admins, creators }, tree.subSkills);
  const reports = generateReports(random.fork("reports"), demoVolumes.reports, challenges.tasks, {
    admins,
    community,
  });

  const auditRandom = random.fork("audit");
  const created = (rows: Row[], action: string, entity: string, details: (row: Row) => unknown) =>
    creationAudit(auditRandom, admins, rows, { action, entity, details });
  const name = (row: Row) => ({ name: row.name });
  const title = (row: Row) => ({ title: row.title });

  return {
    users: users.map((user) => user.row),
    coin_transactions: wallets.transactions,
    root_skills: tree.rows.rootSkills,
    root_skill_dependencies: tree.rows.rootSkillDependencies,
    sub_skills: tree.rows.subSkills,
    sub_skill_dependencies: tree.rows.subSkillDependencies,
    user_skill_xp: skillXp,
    companies,
    jobs,
    job_skill_requirements: requirements,
    challenge_categories: challenges.categories,
    challenges: challenges.challenges,
    challenge_skills: challenges.challengeSkills,
    tasks: challenges.tasks.filter((task) => !reports.deletedTaskIds.has(task.id)).map((task) => task.row),
    reports: reports.reports,
    bans: reports.bans,
    audit_log: [
      ...created(tree.rows.rootSkills, "create", "root_skill", name),
      ...created(tree.rows.subSkills, "create", "sub_skill", name),
      ...created(companies, "company.create", "company", name),
      ...created(jobs, "job.create", "job", (row) => ({ title: row.title, companyId: row.company_id })),
      ...created(challenges.categories, "create", "challenge_category", title),
      ...challenges.audit,
      ...wallets.audit,
      ...banAudit(random.fork("bans"), users, admins),
      ...reports.audit,
    ],
  };
}

/**
 * Seeds the platform data set (`DEMO_DATA=full`; `minimal` writes nothing) into a database that holds
 * only the demo admin and project. Run it in the seeding transaction: one commit keeps it fast and
 * leaves nothing half-seeded if it fails.
 */
export async function seedPlatformDemoData(
  sql: SQL,
  { size, passwords }: { size: DemoDataSize; passwords: PasswordHashing },
): Promise<void> {
  if (size === "minimal") return;
  const existing = (await sql`SELECT name_key, email FROM users`) as Array<{
    name_key: string;
    email: string | null;
  }>;
  const passwordHash = await passwords.hash(demoUserPassword);
  const tables = generatePlatformDemoData(passwordHash, {
    names: existing.map((user) => user.name_key),
    emails: existing.flatMap((user) => (user.email ? [user.email] : [])),
  });
  for (const table of demoTables) await insertRows(sql, table, tables[table]);
}
