import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Company } from "../../../shared/jobs-api.ts";
import type { ListPage } from "../../../shared/list-page-api.ts";
import { type AdminApiTestClient, startAdminApiTestClient } from "../../test-support/admin-api-client.ts";
import { expectError, testStaffOnly } from "../../test-support/api-calls.ts";
import { auditActions } from "../../test-support/audit-log.ts";
import { expectBadQueries } from "../../test-support/bad-request-cases.ts";
import { startBeforeAll } from "../../test-support/test-lifecycle.ts";
import { startTestServer, type TestServer } from "../../test-support/test-server.ts";
import { fixtureTimeoutMs } from "../../test-support/test-timeouts.ts";

/** The fields of a company stored with its name alone. */
const nameOnly = {
  description: "",
  website: null,
  videoUrl: null,
  twitter: null,
  instagram: null,
  logoUrl: null,
};

let client: AdminApiTestClient;
let server: TestServer;
let adminToken: string;

type Page = ListPage<Company>;

const call = (method: string, path: string, body?: unknown, token: string | null = adminToken) =>
  client.call(method, path, body, token);

/** Calls as the admin, expects `status` and answers the company in the body. */
async function companyAnswer(method: string, path: string, body: unknown, status: number): Promise<Company> {
  const response = await call(method, path, body);
  expect(response.status).toBe(status);
  return (await response.json()) as Company;
}

const create = (body: Record<string, unknown>) => companyAnswer("POST", "/api/companies", body, 201);

/** A job inserted directly, so these tests do not depend on the jobs endpoints. */
async function insertJob(companyId: string, title: string): Promise<string> {
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  await server.db.sql`INSERT INTO jobs (id, company_id, title, job_type, professional_level, salary_min,
      salary_max, salary_unit, salary_per, created_at, updated_at)
    VALUES (${id}, ${companyId}, ${title}, 'FULL_TIME', 'JUNIOR', 1, 2, 'EUROS', 'MONTH', ${now}, ${now})`;
  return id;
}

startBeforeAll(startAdminApiTestClient, (started) => {
  client = started;
  ({ server, adminToken } = client);
});

const endpoints: Array<[string, string, unknown]> = [
  ["GET", "/api/companies", undefined],
  ["GET", "/api/companies/some-id", undefined],
  ["POST", "/api/companies", { name: "Acme" }],
  ["PUT", "/api/companies/some-id", { name: "Acme" }],
  ["DELETE", "/api/companies/some-id", undefined],
];

describe("companies access", () => {
  testStaffOnly(endpoints, () => client);

  test("a refused write stores nothing", async () => {
    const [{ count }] = await server.db.sql`SELECT count(*) AS count FROM companies WHERE name = 'Acme'`;
    expect(Number(count)).toBe(0);
  });
});

describe("POST /api/companies", () => {
  test("creates a company with every field, trimmed, and records the action", async () => {
    const company = await create({
      name: "  Globex Corporation ",
      description: " Makes everything. ",
      website: "https://globex.example.com",
      videoUrl: "http://videos.example.com/globex",
      twitter: " @globex ",
      instagram: "globex.official ",
      logoUrl: "https://cdn.example.com/globex.png",
    });
    expect(company).toEqual({
      id: expect.any(String),
      name: "Globex Corporation",
      description: "Makes everything.",
      website: "https://globex.example.com",
      videoUrl: "http://videos.example.com/globex",
      twitter: "globex",
      instagram: "globex.official",
      logoUrl: "https://cdn.example.com/globex.png",
      jobCount: 0,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(new Date(company.createdAt).toISOString()).toBe(company.createdAt);
    expect(company.updatedAt).toBe(company.createdAt);
    expect(await auditActions(server.db.sql, company.id)).toEqual(["company.create"]);
  });

  test("stores only a name when the rest is empty or null", async () => {
    const company = await create({ name: "Initech", website: "", twitter: null, description: "" });
    expect(company).toMatchObject({ name: "Initech", ...nameOnly });
  });

  test("refuses a name already taken in another case", async () => {
    await create({ name: "Umbrella" });
    await expectError(await call("POST", "/api/companies", { name: " uMBRELLA " }), 409, {
      error: "A company with this name already exists",
      field: "name",
    });
    const [{ count }] = await server.db
      .sql`SELECT count(*) AS count FROM companies WHERE name_key = 'umbrella'`;
    expect(Number(count)).toBe(1);
  });

  test("of concurrent creates with one name, one wins and the others answer 409", async () => {
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        call("POST", "/api/companies", { name: index % 2 ? "Oscorp" : "OSCORP" }),
      ),
    );
    expect(responses.map((response) => response.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    const [{ count }] = await server.db
      .sql`SELECT count(*) AS count FROM companies WHERE name_key = 'oscorp'`;
    expect(Number(count)).toBe(1);
  });

  const invalid: Array<[string, Record<string, unknown>, { error: string; field?: string }]> = [
    ["a missing name", {}, { error: "name is required", field: "name" }],
    ["a blank name", { name: "   " }, { error: "name is required", field: "name" }],
    ["a one-letter name", { name: "A" }, { error: "Must be greater than 1 characters", field: "name" }],
    [
      "a 101-letter name",
      { name: "x".repeat(101) },
      { error: "Must be less than 101 characters", field: "name" },
    ],
    ["a name that is not text", { name: 42 }, { error: "name is required", field: "name" }],
    [
      "a long description",
      { name: "Valid", description: "d".repeat(5001) },
      { error: "Must be less than 5001 characters", field: "description" },
    ],
    [
      "a website without http(s)",
      { name: "Valid", website: "ftp://example.com" },
      { error: "URL format is not valid", field: "website" },
    ],
    [
      "a video URL that is no URL",
      { name: "Valid", videoUrl: "not a url" },
      { error: "URL format is not valid", field: "videoUrl" },
    ],
    [
      "a logo URL that is no URL",
      { name: "Valid", logoUrl: "https://" },
      { error: "URL format is not valid", field: "logoUrl" },
    ],
    [
      "a URL over 2048 characters",
      { name: "Valid", website: `https://example.com/${"p".repeat(2040)}` },
      { error: "Must be less than 2049 characters", field: "website" },
    ],
    [
      "a Twitter handle with spaces",
      { name: "Valid", twitter: "two words" },
      { error: "Must be a handle without spaces", field: "twitter" },
    ],
    [
      "an Instagram handle over 100 characters",
      { name: "Valid", instagram: "i".repeat(101) },
      { error: "Must be less than 101 characters", field: "instagram" },
    ],
    ["an unknown field", { name: "Valid", jobs: 3 }, { error: "Unknown field jobs", field: "jobs" }],
  ];
  for (const [label, body, error] of invalid) {
    test(`refuses ${label}`, async () => {
      await expectError(await call("POST", "/api/companies", body), 400, error);
    });
  }

  test("refuses a body that is not JSON", async () => {
    await expectError(await call("POST", "/api/companies", "{name"), 400, {
      error: "Request body is not valid JSON",
    });
  });

  test("refused bodies store nothing", async () => {
    const [{ count }] = await server.db.sql`SELECT count(*) AS count FROM companies WHERE name = 'Valid'`;
    expect(Number(count)).toBe(0);
  });
});

describe("GET /api/companies/:id", () => {
  test("answers every field and the job count", async () => {
    const company = await create({ name: "Hooli", website: "https://hooli.example.com" });
    await insertJob(company.id, "Engineer");
    await insertJob(company.id, "Designer");
    const response = await call("GET", `/api/companies/${company.id}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ...company, jobCount: 2 });
  });

  test("answers 404 for an unknown id", async () => {
    await expectError(await call("GET", "/api/companies/no-such-company"), 404, {
      error: "Company not found",
    });
  });
});

describe("PUT /api/companies/:id", () => {
  test("replaces every field and moves updatedAt", async () => {
    const website = "https://piedpiper.example.com";
    const company = await create({
      name: "Pied Piper",
      description: "Compression",
      website,
      twitter: "piedpiper",
    });
    await Bun.sleep(5);
    const updated = await companyAnswer(
      "PUT",
      `/api/companies/${company.id}`,
      { name: "PIED PIPER", instagram: "@piedpiper", logoUrl: "https://cdn.example.com/pp.png" },
      200,
    );
    expect(updated).toEqual({
      ...company,
      name: "PIED PIPER",
      description: "",
      website: null,
      twitter: null,
      instagram: "piedpiper",
      logoUrl: "https://cdn.example.com/pp.png",
      updatedAt: expect.any(String),
    });
    expect(updated.updatedAt > company.updatedAt).toBe(true);
    expect(await auditActions(server.db.sql, company.id)).toEqual(["company.create", "company.update"]);
    const detail = await call("GET", `/api/companies/${company.id}`);
    expect(await detail.json()).toEqual(updated);
  });

  test("refuses the name of another company", async () => {
    await create({ name: "Vandelay Industries" });
    const other = await create({ name: "Kramerica" });
    await expectError(await call("PUT", `/api/companies/${other.id}`, { name: "vandelay industries" }), 409, {
      error: "A company with this name already exists",
      field: "name",
    });
    const detail = await call("GET", `/api/companies/${other.id}`);
    expect(((await detail.json()) as Company).name).toBe("Kramerica");
  });

  test("answers 404 for an unknown id", async () => {
    await expectError(await call("PUT", "/api/companies/no-such-company", { name: "Nobody" }), 404, {
      error: "Company not found",
    });
  });

  test("validates the body like a create", async () => {
    const company = await create({ name: "Wayne Enterprises" });
    await expectError(await call("PUT", `/api/companies/${company.id}`, { name: "W" }), 400, {
      error: "Must be greater than 1 characters",
      field: "name",
    });
    await expectError(
      await call("PUT", `/api/companies/${company.id}`, { name: "Wayne", website: "wayne.example.com" }),
      400,
      { error: "URL format is not valid", field: "website" },
    );
  });
});

describe("GET /api/companies", () => {
  let server2: TestServer;
  let main2: string;
  let token2: string;
  const get = async (query = "") => {
    const response = await fetch(`${main2}/api/companies${query}`, {
      headers: { Authorization: `Bearer ${token2}` },
    });
    return response;
  };
  const names = async (query = "") => ((await (await get(query)).json()) as Page).items.map((c) => c.name);

  beforeAll(async () => {
    // A server of its own, so the other tests' companies do not shift these pages.
    server2 = await startTestServer();
    main2 = server2.mainUrl;
    const login = await fetch(`${main2}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ login: "admin", password: "admin" }),
    });
    token2 = ((await login.json()) as { access_token: string }).access_token;
    for (const name of ["beta Labs", "Alpha Works", "Gamma_Co", "delta 100%"]) {
      const response = await fetch(`${main2}/api/companies`, {
        method: "POST",
        headers: { Authorization: `Bearer ${token2}`, "Content-Type": "application/json" },
        body: JSON.stringify({ name }),
      });
      expect(response.status).toBe(201);
      await Bun.sleep(3);
    }
    const [beta] = await server2.db.sql`SELECT id FROM companies WHERE name = 'beta Labs'`;
    const [gamma] = await server2.db.sql`SELECT id FROM companies WHERE name = 'Gamma_Co'`;
    const now = new Date().toISOString();
    for (const [companyId, count] of [
      [beta.id, 3],
      [gamma.id, 1],
    ] as const) {
      for (let index = 0; index < count; index++) {
        await server2.db
          .sql`INSERT INTO jobs (id, company_id, title, job_type, professional_level, salary_min,
            salary_max, salary_unit, salary_per, created_at, updated_at)
          VALUES (${crypto.randomUUID()}, ${companyId}, ${`Job ${index}`}, 'FULL_TIME', 'JUNIOR', 1, 2, 'EUROS',
            'MONTH', ${now}, ${now})`;
      }
    }
  }, fixtureTimeoutMs);

  afterAll(() => server2.dispose(), fixtureTimeoutMs);

  test("sorts by name case-insensitively by default, with job counts", async () => {
    const response = await get();
    expect(response.status).toBe(200);
    const body = (await response.json()) as Page;
    expect(body).toMatchObject({ total: 4, page: 1, pageSize: 25 });
    expect(body.items.map((c) => [c.name, c.jobCount])).toEqual([
      ["Alpha Works", 0],
      ["beta Labs", 3],
      ["delta 100%", 0],
      ["Gamma_Co", 1],
    ]);
    expect(body.items[0]).toEqual({
      id: expect.any(String),
      name: "Alpha Works",
      ...nameOnly,
      jobCount: 0,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  test("sorts by name descending, by creation and by job count", async () => {
    expect(await names("?sort=-name")).toEqual(["Gamma_Co", "delta 100%", "beta Labs", "Alpha Works"]);
    expect(await names("?sort=createdAt")).toEqual(["beta Labs", "Alpha Works", "Gamma_Co", "delta 100%"]);
    expect(await names("?sort=-createdAt")).toEqual(["delta 100%", "Gamma_Co", "Alpha Works", "beta Labs"]);
    expect((await names("?sort=-jobs")).slice(0, 2)).toEqual(["beta Labs", "Gamma_Co"]);
    expect((await names("?sort=jobs")).slice(2)).toEqual(["Gamma_Co", "beta Labs"]);
  });

  test("searches names case-insensitively, wildcards taken literally", async () => {
    expect(await names("?q=LABS")).toEqual(["beta Labs"]);
    expect(await names("?q=a_c")).toEqual(["Gamma_Co"]);
    expect(await names("?q=0%25")).toEqual(["delta 100%"]);
    const none = (await (await get("?q=nothing")).json()) as Page;
    expect(none).toEqual({ items: [], total: 0, page: 1, pageSize: 25 });
  });

  test("pages through the list", async () => {
    const second = (await (await get("?pageSize=3&page=2")).json()) as Page;
    expect(second.total).toBe(4);
    expect(second.items.map((c) => c.name)).toEqual(["Gamma_Co"]);
  });

  test("refuses an unknown sort and a bad page", async () => {
    await expectBadQueries(
      [
        [
          "?sort=website",
          { error: "sort must be one of name, createdAt, jobs (prefix - to reverse)", field: "sort" },
        ],
        ["?page=0", { error: "page must be a whole number from 1 to 1000000", field: "page" }],
      ],
      get,
    );
  });
});

describe("DELETE /api/companies/:id", () => {
  test("deletes a company without jobs", async () => {
    const company = await create({ name: "Soylent" });
    const response = await call("DELETE", `/api/companies/${company.id}`);
    expect(response.status).toBe(204);
    expect(await response.text()).toBe("");
    await expectError(await call("GET", `/api/companies/${company.id}`), 404, { error: "Company not found" });
    expect(await auditActions(server.db.sql, company.id)).toEqual(["company.create", "company.delete"]);
  });

  test("refuses a company that still has jobs, unless forced", async () => {
    const company = await create({ name: "Cyberdyne" });
    const jobId = await insertJob(company.id, "Robotics Engineer");
    const [root] = await server.db.sql`SELECT count(*) AS count FROM root_skills WHERE id = 'robotics'`;
    if (Number(root.count) === 0) {
      const now = new Date().toISOString();
      await server.db.sql`INSERT INTO root_skills (id, name, grid_row, grid_column, created_at, updated_at)
        VALUES ('robotics', 'Robotics', 0, 0, ${now}, ${now})`;
      await server.db
        .sql`INSERT INTO sub_skills (id, root_id, name, grid_row, grid_column, created_at, updated_at)
        VALUES ('servos', 'robotics', 'Servos', 0, 0, ${now}, ${now})`;
    }
    await server.db.sql`INSERT INTO job_skill_requirements (job_id, sub_skill_id, min_level)
      VALUES (${jobId}, 'servos', 3)`;

    await expectError(await call("DELETE", `/api/companies/${company.id}`), 409, {
      error: "The company still has jobs",
    });
    await expectError(await call("DELETE", `/api/companies/${company.id}?force=false`), 409, {
      error: "The company still has jobs",
    });
    expect((await call("GET", `/api/companies/${company.id}`)).status).toBe(200);

    expect((await call("DELETE", `/api/companies/${company.id}?force=true`)).status).toBe(204);
    await expectError(await call("GET", `/api/companies/${company.id}`), 404, { error: "Company not found" });
    const [jobs] = await server.db.sql`SELECT count(*) AS count FROM jobs WHERE id = ${jobId}`;
    expect(Number(jobs.count)).toBe(0);
    const [requirements] = await server.db
      .sql`SELECT count(*) AS count FROM job_skill_requirements WHERE job_id = ${jobId}`;
    expect(Number(requirements.count)).toBe(0);
    const [entry] = await server.db.sql`SELECT details FROM audit_log
      WHERE entity_id = ${company.id} AND action = 'company.delete'`;
    expect(JSON.parse(entry.details)).toEqual({ name: "Cyberdyne", force: true, deletedJobs: 1 });
  });

  test("refuses a force value other than true or false", async () => {
    const company = await create({ name: "Tyrell" });
    await expectError(await call("DELETE", `/api/companies/${company.id}?force=yes`), 400, {
      error: "force must be true or false",
      field: "force",
    });
    expect((await call("GET", `/api/companies/${company.id}`)).status).toBe(200);
  });

  test("answers 404 for an unknown id", async () => {
    await expectError(await call("DELETE", "/api/companies/no-such-company"), 404, {
      error: "Company not found",
    });
  });
});
