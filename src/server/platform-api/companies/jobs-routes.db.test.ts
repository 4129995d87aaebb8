import { beforeAll, describe, expect, test } from "bun:test";
import type { JobDetail, JobListItem } from "../../../shared/jobs-api.ts";
import type { ListPage } from "../../../shared/list-page-api.ts";
import { type AdminApiTestClient, startAdminApiTestClient } from "../../test-support/admin-api-client.ts";
import { expectError, testStaffOnly } from "../../test-support/api-calls.ts";
import { auditActions } from "../../test-support/audit-log.ts";
import { expectBadQueries } from "../../test-support/bad-request-cases.ts";
import { startBeforeAll } from "../../test-support/test-lifecycle.ts";
import type { TestServer } from "../../test-support/test-server.ts";

let client: AdminApiTestClient;
let server: TestServer;
let adminToken: string;
let acmeId: string;
let globexId: string;

type Page = ListPage<JobListItem>;

const call = (method: string, path: string, body?: unknown, token: string | null = adminToken) =>
  client.call(method, path, body, token);

async function createCompany(name: string): Promise<string> {
  const response = await call("POST", "/api/companies", { name });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** The smallest valid body; tests override what they exercise. */
const validJob = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  companyId: acmeId,
  title: "Backend Developer",
  remote: false,
  type: "FULL_TIME",
  level: "JUNIOR",
  responsibilities: [],
  salary: { min: 100, max: 200, unit: "EUROS", per: "MONTH" },
  ...overrides,
});

async function createJob(overrides: Record<string, unknown> = {}): Promise<JobDetail> {
  const response = await call("POST", "/api/jobs", validJob(overrides));
  expect(response.status).toBe(201);
  return (await response.json()) as JobDetail;
}

async function countJobs(): Promise<number> {
  const [{ count }] = await server.db.sql`SELECT count(*) AS count FROM jobs`;
  return Number(count);
}

startBeforeAll(startAdminApiTestClient, async (started) => {
  client = started;
  ({ server, adminToken } = client);
  acmeId = await createCompany("Acme");
  globexId = await createCompany("Globex");
  // The skill tree has its own endpoints elsewhere; its rows are inserted directly here.
  const now = new Date().toISOString();
  const sql = server.db.sql;
  await sql`INSERT INTO root_skills (id, name, grid_row, grid_column, created_at, updated_at)
    VALUES ('programming', 'Programming', 0, 0, ${now}, ${now}), ('design', 'Design', 0, 1, ${now}, ${now})`;
  await sql`INSERT INTO sub_skills (id, root_id, name, grid_row, grid_column, created_at, updated_at)
    VALUES ('typescript', 'programming', 'TypeScript', 0, 0, ${now}, ${now}),
      ('sql', 'programming', 'SQL', 0, 1, ${now}, ${now}),
      ('figma', 'design', 'Figma', 0, 0, ${now}, ${now})`;
});

describe("jobs access", () => {
  const endpoints: Array<[string, string, unknown]> = [
    ["GET", "/api/jobs", undefined],
    ["GET", "/api/jobs/some-id", undefined],
    ["POST", "/api/jobs", {}],
    ["PUT", "/api/jobs/some-id", {}],
    ["DELETE", "/api/jobs/some-id", undefined],
  ];
  testStaffOnly(endpoints, () => client);
});

describe("POST /api/jobs", () => {
  test("creates a job with its requirements and answers every field", async () => {
    const response = await call("POST", "/api/jobs", {
      companyId: acmeId,
      title: "  Senior TypeScript Engineer ",
      description: "Build the platform.",
      location: " Berlin ",
      remote: true,
      type: "FREELANCE",
      level: "SENIOR",
      responsibilities: [" Review code ", "Mentor juniors"],
      salary: { min: 4000, max: 6500, unit: "EUROS", per: "MONTH" },
      contact: "jobs@acme.example.com",
      skillRequirements: [
        { subSkillId: "typescript", minLevel: 12 },
        { subSkillId: "figma", minLevel: 1 },
      ],
    });
    expect(response.status).toBe(201);
    const job = (await response.json()) as JobDetail;
    expect(job).toEqual({
      id: expect.any(String),
      companyId: acmeId,
      company: { id: acmeId, name: "Acme" },
      title: "Senior TypeScript Engineer",
      description: "Build the platform.",
      location: "Berlin",
      remote: true,
      type: "FREELANCE",
      level: "SENIOR",
      responsibilities: ["Review code", "Mentor juniors"],
      salary: { min: 4000, max: 6500, unit: "EUROS", per: "MONTH" },
      contact: "jobs@acme.example.com",
      skillRequirements: [
        { subSkillId: "figma", subSkillName: "Figma", rootSkillId: "design", minLevel: 1 },
        { subSkillId: "typescript", subSkillName: "TypeScript", rootSkillId: "programming", minLevel: 12 },
      ],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(new Date(job.updatedAt).toISOString()).toBe(job.updatedAt);
    expect(await auditActions(server.db.sql, job.id)).toEqual(["job.create"]);
    const detail = await call("GET", `/api/jobs/${job.id}`);
    expect(detail.status).toBe(200);
    expect(await detail.json()).toEqual(job);
  });

  test("stores empty optional texts and no requirements when they are left out", async () => {
    const job = await createJob({ salary: { min: 0, max: 0, unit: "MORPHCOINS", per: "TASK" } });
    expect(job).toMatchObject({
      description: "",
      location: "",
      contact: "",
      remote: false,
      responsibilities: [],
      skillRequirements: [],
      salary: { min: 0, max: 0, unit: "MORPHCOINS", per: "TASK" },
    });
  });

  test("refuses a company that does not exist and writes nothing", async () => {
    const before = await countJobs();
    await expectError(await call("POST", "/api/jobs", validJob({ companyId: "no-such-company" })), 400, {
      error: "Company not found",
      field: "companyId",
    });
    expect(await countJobs()).toBe(before);
  });

  test("refuses a sub-skill that does not exist and writes neither job nor requirements", async () => {
    const before = await countJobs();
    const [{ count: requirementsBefore }] = await server.db
      .sql`SELECT count(*) AS count FROM job_skill_requirements`;
    const body = validJob({
      skillRequirements: [
        { subSkillId: "typescript", minLevel: 5 },
        { subSkillId: "cobol", minLevel: 5 },
      ],
    });
    await expectError(await call("POST", "/api/jobs", body), 400, {
      error: "Sub-skill not found",
      field: "skillRequirements.1.subSkillId",
    });
    expect(await countJobs()).toBe(before);
    const [{ count: requirementsAfter }] = await server.db
      .sql`SELECT count(*) AS count FROM job_skill_requirements`;
    expect(Number(requirementsAfter)).toBe(Number(requirementsBefore));
  });

  const invalid: Array<[string, Record<string, unknown>, { error: string; field?: string }]> = [
    ["a missing company", { companyId: undefined }, { error: "companyId is required", field: "companyId" }],
    ["a missing title", { title: undefined }, { error: "title is required", field: "title" }],
    ["a one-letter title", { title: "X" }, { error: "Must be greater than 1 characters", field: "title" }],
    [
      "a 121-letter title",
      { title: "t".repeat(121) },
      { error: "Must be less than 121 characters", field: "title" },
    ],
    [
      "a long description",
      { description: "d".repeat(10001) },
      { error: "Must be less than 10001 characters", field: "description" },
    ],
    [
      "a long location",
      { location: "l".repeat(201) },
      { error: "Must be less than 201 characters", field: "location" },
    ],
    [
      "a long contact",
      { contact: "c".repeat(321) },
      { error: "Must be less than 321 characters", field: "contact" },
    ],
    ["a missing remote flag", { remote: undefined }, { error: "remote is required", field: "remote" }],
    ["a remote flag that is text", { remote: "yes" }, { error: "remote is invalid", field: "remote" }],
    ["a missing type", { type: undefined }, { error: "type is required", field: "type" }],
    [
      "an unknown type",
      { type: "Full Time" },
      {
        error: "Must be one of FULL_TIME, FREELANCE, INTERNSHIP, PART_TIME, TEMPORARY, MINI_JOB",
        field: "type",
      },
    ],
    [
      "an unknown level",
      { level: "INTERN" },
      { error: "Must be one of ENTRY, JUNIOR, SENIOR, MANAGER", field: "level" },
    ],
    [
      "missing responsibilities",
      { responsibilities: undefined },
      { error: "responsibilities is required", field: "responsibilities" },
    ],
    [
      "31 responsibilities",
      { responsibilities: Array.from({ length: 31 }, (_, index) => `Task ${index}`) },
      { error: "Must have at most 30 items", field: "responsibilities" },
    ],
    [
      "an empty responsibility",
      { responsibilities: ["Code", " "] },
      { error: "Responsibility is required", field: "responsibilities.1" },
    ],
    [
      "a 201-letter responsibility",
      { responsibilities: ["r".repeat(201)] },
      { error: "Must be less than 201 characters", field: "responsibilities.0" },
    ],
    ["a missing salary", { salary: undefined }, { error: "salary is required", field: "salary" }],
    [
      "a negative minimum salary",
      { salary: { min: -1, max: 10, unit: "EUROS", per: "HOUR" } },
      { error: "Must be at least 0", field: "salary.min" },
    ],
    [
      "a fractional salary",
      { salary: { min: 1.5, max: 10, unit: "EUROS", per: "HOUR" } },
      { error: "Must be a whole number", field: "salary.min" },
    ],
    [
      "a maximum below the minimum",
      { salary: { min: 500, max: 499, unit: "DOLLARS", per: "DAY" } },
      { error: "Must be at least the minimum salary", field: "salary.max" },
    ],
    [
      "an unknown salary unit",
      { salary: { min: 1, max: 2, unit: "YEN", per: "DAY" } },
      { error: "Must be one of MORPHCOINS, EUROS, DOLLARS", field: "salary.unit" },
    ],
    [
      "an unknown salary period",
      { salary: { min: 1, max: 2, unit: "EUROS", per: "WEEK" } },
      { error: "Must be one of TASK, HOUR, DAY, MONTH", field: "salary.per" },
    ],
    [
      "a requirement without a sub-skill",
      { skillRequirements: [{ minLevel: 3 }] },
      { error: "skillRequirements.0.subSkillId is required", field: "skillRequirements.0.subSkillId" },
    ],
    [
      "a minimum level of 0",
      { skillRequirements: [{ subSkillId: "sql", minLevel: 0 }] },
      { error: "Must be at least 1", field: "skillRequirements.0.minLevel" },
    ],
    [
      "a minimum level of 101",
      { skillRequirements: [{ subSkillId: "sql", minLevel: 101 }] },
      { error: "Must be at most 100", field: "skillRequirements.0.minLevel" },
    ],
    [
      "a sub-skill listed twice",
      {
        skillRequirements: [
          { subSkillId: "sql", minLevel: 1 },
          { subSkillId: "figma", minLevel: 1 },
          { subSkillId: "sql", minLevel: 2 },
        ],
      },
      { error: "This sub-skill is listed twice", field: "skillRequirements.2.subSkillId" },
    ],
    ["an unknown field", { salaryMin: 3 }, { error: "Unknown field salaryMin", field: "salaryMin" }],
  ];
  for (const [label, overrides, error] of invalid) {
    test(`refuses ${label}`, async () => {
      const before = await countJobs();
      await expectError(await call("POST", "/api/jobs", validJob(overrides)), 400, error);
      expect(await countJobs()).toBe(before);
    });
  }
});

describe("GET /api/jobs/:id", () => {
  test("answers 404 for an unknown id", async () => {
    await expectError(await call("GET", "/api/jobs/no-such-job"), 404, { error: "Job not found" });
  });
});

describe("PUT /api/jobs/:id", () => {
  test("replaces every field and the requirements, and moves updatedAt", async () => {
    const job = await createJob({
      location: "Hamburg",
      contact: "hr@acme.example.com",
      responsibilities: ["Ship features"],
      skillRequirements: [
        { subSkillId: "typescript", minLevel: 3 },
        { subSkillId: "sql", minLevel: 2 },
      ],
    });
    await Bun.sleep(5);
    const response = await call("PUT", `/api/jobs/${job.id}`, {
      companyId: globexId,
      title: "Data Engineer",
      remote: true,
      type: "PART_TIME",
      level: "MANAGER",
      responsibilities: ["Own the warehouse", "Hire"],
      salary: { min: 30, max: 60, unit: "DOLLARS", per: "HOUR" },
      skillRequirements: [{ subSkillId: "sql", minLevel: 40 }],
    });
    expect(response.status).toBe(200);
    const updated = (await response.json()) as JobDetail;
    expect(updated).toEqual({
      ...job,
      companyId: globexId,
      company: { id: globexId, name: "Globex" },
      title: "Data Engineer",
      location: "",
      contact: "",
      remote: true,
      type: "PART_TIME",
      level: "MANAGER",
      responsibilities: ["Own the warehouse", "Hire"],
      salary: { min: 30, max: 60, unit: "DOLLARS", per: "HOUR" },
      skillRequirements: [
        { subSkillId: "sql", subSkillName: "SQL", rootSkillId: "programming", minLevel: 40 },
      ],
      updatedAt: expect.any(String),
    });
    expect(updated.updatedAt > job.updatedAt).toBe(true);
    expect(updated.createdAt).toBe(job.createdAt);
    expect(await auditActions(server.db.sql, job.id)).toEqual(["job.create", "job.update"]);
    expect(await (await call("GET", `/api/jobs/${job.id}`)).json()).toEqual(updated);
  });

  test("an update without requirements clears them", async () => {
    const job = await createJob({ skillRequirements: [{ subSkillId: "figma", minLevel: 9 }] });
    const response = await call("PUT", `/api/jobs/${job.id}`, validJob());
    expect(response.status).toBe(200);
    expect(((await response.json()) as JobDetail).skillRequirements).toEqual([]);
  });

  test("a refused update leaves the job and its requirements as they were", async () => {
    const job = await createJob({ skillRequirements: [{ subSkillId: "typescript", minLevel: 7 }] });
    await expectError(
      await call(
        "PUT",
        `/api/jobs/${job.id}`,
        validJob({ title: "Changed", skillRequirements: [{ subSkillId: "missing", minLevel: 1 }] }),
      ),
      400,
      { error: "Sub-skill not found", field: "skillRequirements.0.subSkillId" },
    );
    await expectError(await call("PUT", `/api/jobs/${job.id}`, validJob({ companyId: "gone" })), 400, {
      error: "Company not found",
      field: "companyId",
    });
    await expectError(
      await call(
        "PUT",
        `/api/jobs/${job.id}`,
        validJob({ salary: { min: 9, max: 1, unit: "EUROS", per: "DAY" } }),
      ),
      400,
      { error: "Must be at least the minimum salary", field: "salary.max" },
    );
    expect(await (await call("GET", `/api/jobs/${job.id}`)).json()).toEqual(job);
  });

  test("answers 404 for an unknown id", async () => {
    await expectError(await call("PUT", "/api/jobs/no-such-job", validJob()), 404, {
      error: "Job not found",
    });
  });
});

describe("DELETE /api/jobs/:id", () => {
  test("deletes a job and its requirements", async () => {
    const job = await createJob({ skillRequirements: [{ subSkillId: "sql", minLevel: 1 }] });
    const response = await call("DELETE", `/api/jobs/${job.id}`);
    expect(response.status).toBe(204);
    expect(await response.text()).toBe("");
    await expectError(await call("GET", `/api/jobs/${job.id}`), 404, { error: "Job not found" });
    const [{ count }] = await server.db
      .sql`SELECT count(*) AS count FROM job_skill_requirements WHERE job_id = ${job.id}`;
    expect(Number(count)).toBe(0);
    expect(await auditActions(server.db.sql, job.id)).toEqual(["job.create", "job.delete"]);
  });

  test("answers 404 for an unknown id", async () => {
    await expectError(await call("DELETE", "/api/jobs/no-such-job"), 404, { error: "Job not found" });
  });
});

describe("GET /api/jobs", () => {
  let initechId: string;
  const titles = async (query: string) => {
    const response = await call("GET", `/api/jobs${query}`);
    expect(response.status).toBe(200);
    return ((await response.json()) as Page).items.map((job) => job.title);
  };

  beforeAll(async () => {
    // A company of its own keeps these jobs apart from the other tests' through the companyId filter.
    initechId = await createCompany("Initech");
    const jobs: Array<Record<string, unknown>> = [
      {
        title: "printer technician",
        location: "Austin",
        type: "TEMPORARY",
        level: "ENTRY",
        remote: false,
        max: 20,
      },
      {
        title: "TPS Report Analyst",
        location: "Remote",
        type: "FULL_TIME",
        level: "JUNIOR",
        remote: true,
        max: 900,
      },
      {
        title: "Office Manager",
        location: "Dallas",
        type: "FULL_TIME",
        level: "MANAGER",
        remote: false,
        max: 500,
      },
      {
        title: "Stapler Keeper_1",
        location: "Basement",
        type: "MINI_JOB",
        level: "ENTRY",
        remote: false,
        max: 5,
      },
    ];
    for (const { max, ...job } of jobs) {
      await createJob({ ...job, companyId: initechId, salary: { min: 0, max, unit: "EUROS", per: "MONTH" } });
      await Bun.sleep(3);
    }
  });

  test("lists the newest first, each with its company", async () => {
    const response = await call("GET", `/api/jobs?companyId=${initechId}`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as Page;
    expect(body).toMatchObject({ total: 4, page: 1, pageSize: 25 });
    expect(body.items.map((job) => job.title)).toEqual([
      "Stapler Keeper_1",
      "Office Manager",
      "TPS Report Analyst",
      "printer technician",
    ]);
    expect(body.items[0]).toEqual({
      id: expect.any(String),
      title: "Stapler Keeper_1",
      company: { id: initechId, name: "Initech" },
      location: "Basement",
      remote: false,
      type: "MINI_JOB",
      level: "ENTRY",
      salary: { min: 0, max: 5, unit: "EUROS", per: "MONTH" },
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  test("sorts by title, salary and company", async () => {
    const only = `companyId=${initechId}`;
    expect(await titles(`?${only}&sort=title`)).toEqual([
      "Office Manager",
      "printer technician",
      "Stapler Keeper_1",
      "TPS Report Analyst",
    ]);
    expect(await titles(`?${only}&sort=-salaryMax`)).toEqual([
      "TPS Report Analyst",
      "Office Manager",
      "printer technician",
      "Stapler Keeper_1",
    ]);
    const companies = async (sort: string) => {
      const body = (await (await call("GET", `/api/jobs?sort=${sort}&pageSize=100`)).json()) as Page;
      return [...new Set(body.items.map((job) => job.company.name))];
    };
    expect(await companies("company")).toEqual(["Acme", "Globex", "Initech"]);
    expect(await companies("-company")).toEqual(["Initech", "Globex", "Acme"]);
  });

  test("filters by type, level and remote", async () => {
    const only = `companyId=${initechId}`;
    expect(await titles(`?${only}&type=FULL_TIME&sort=title`)).toEqual([
      "Office Manager",
      "TPS Report Analyst",
    ]);
    expect(await titles(`?${only}&level=entry&sort=title`)).toEqual([
      "printer technician",
      "Stapler Keeper_1",
    ]);
    expect(await titles(`?${only}&remote=true`)).toEqual(["TPS Report Analyst"]);
    expect(await titles(`?${only}&remote=false&type=MINI_JOB`)).toEqual(["Stapler Keeper_1"]);
    expect(await titles(`?${only}&type=INTERNSHIP`)).toEqual([]);
  });

  test("searches title, location and company name, wildcards taken literally", async () => {
    expect(await titles("?q=PRINTER")).toEqual(["printer technician"]);
    expect(await titles("?q=dallas")).toEqual(["Office Manager"]);
    expect(await titles("?q=r_1")).toEqual(["Stapler Keeper_1"]);
    expect(await titles("?q=initech&sort=title")).toEqual([
      "Office Manager",
      "printer technician",
      "Stapler Keeper_1",
      "TPS Report Analyst",
    ]);
    expect(await titles("?q=%25")).toEqual([]);
  });

  test("pages through the list", async () => {
    const response = await call("GET", `/api/jobs?companyId=${initechId}&sort=title&pageSize=3&page=2`);
    expect(await response.json()).toMatchObject({
      total: 4,
      page: 2,
      pageSize: 3,
      items: [{ title: "TPS Report Analyst" }],
    });
  });

  test("refuses unknown filter values and sorts", async () => {
    await expectBadQueries(
      [
        [
          "?type=GIG",
          {
            error: "type must be one of FULL_TIME, FREELANCE, INTERNSHIP, PART_TIME, TEMPORARY, MINI_JOB",
            field: "type",
          },
        ],
        ["?level=CEO", { error: "level must be one of ENTRY, JUNIOR, SENIOR, MANAGER", field: "level" }],
        ["?remote=yes", { error: "remote must be true or false", field: "remote" }],
        [
          "?sort=location",
          {
            error: "sort must be one of title, updatedAt, salaryMax, company (prefix - to reverse)",
            field: "sort",
          },
        ],
        ["?pageSize=101", { error: "pageSize must be a whole number from 1 to 100", field: "pageSize" }],
      ],
      (query) => call("GET", `/api/jobs${query}`),
    );
  });
});
