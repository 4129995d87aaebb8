import { describe, expect, test } from "bun:test";
import type { SQL } from "bun";
import { is, type Struct } from "superstruct";
import {
  challengeDifficulties,
  challengeStatuses,
  type TaskContent,
  type TaskKind,
  taskContentSchemas,
  taskKinds,
} from "../../shared/challenges-api.ts";
import { email } from "../../shared/form-rules.ts";
import {
  CompanyRequest,
  JobRequest,
  jobTypes,
  professionalLevels,
  salaryPers,
  salaryUnits,
} from "../../shared/jobs-api.ts";
import { levelInfo, levelNames } from "../../shared/levels.ts";
import { reportReasons, reportResolutions } from "../../shared/reports-api.ts";
import { defaultSkillTreeGrid, RootSkillCreate, SubSkillWrite } from "../../shared/skills-api.ts";
import { userName } from "../../shared/users-api.ts";
import { findCycle } from "../domain/skills/skill-graph.ts";
import { startBeforeAll } from "../test-support/test-lifecycle.ts";
import { startTestServer, type TestServer } from "../test-support/test-server.ts";
import { withTestServer } from "../test-support/test-server-for-one-test.ts";
import { day, demoEpoch } from "./demo-clock.ts";
import { demoTables } from "./seed-platform-demo-data.ts";

// The full data set through a real server start, on SQLite or, with TEST_DATABASE_URL, PostgreSQL.
let server: TestServer;
let sql: SQL;

type Rows = Array<Record<string, unknown>>;
const all = async (query: Promise<unknown>) => (await query) as Rows;
const count = async (table: string) => Number((await sql`SELECT count(*) AS n FROM ${sql(table)}`)[0].n);
const distinct = async (table: string, column: string) =>
  ((await sql`SELECT DISTINCT ${sql(column)} AS v FROM ${sql(table)}`) as Rows).map((row) => row.v).sort();
const parse = (value: unknown) => JSON.parse(String(value));

async function logIn(login: string, password: string): Promise<Response> {
  return fetch(`${server.mainUrl}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ login, password }),
  });
}

startBeforeAll(
  () => startTestServer({ DEMO_DATA: "full" }),
  (started) => {
    server = started;
    sql = server.db.sql;
  },
);

describe("volumes", () => {
  test("meet the issue's figures", async () => {
    expect(await count("users")).toBeGreaterThanOrEqual(1000);
    expect(await count("companies")).toBe(50);
    expect(await count("jobs")).toBe(200);
    expect(await count("challenge_categories")).toBe(20);
    expect(await count("challenges")).toBe(100);
    expect(await count("root_skills")).toBe(8);
    expect(await count("reports")).toBe(300);
    for (const table of demoTables) expect([table, await count(table)]).not.toEqual([table, 0]);
  });
});

describe("users", () => {
  test("a few dozen admins, and some banned, unverified and MFA accounts", async () => {
    const [row] = await all(sql`SELECT
      SUM(CASE WHEN role = 'ADMIN' THEN 1 ELSE 0 END) AS admins,
      SUM(CASE WHEN enabled THEN 0 ELSE 1 END) AS banned,
      SUM(CASE WHEN email_verified THEN 0 ELSE 1 END) AS unverified,
      SUM(CASE WHEN mfa_enabled THEN 1 ELSE 0 END) AS mfa,
      SUM(CASE WHEN last_login_at IS NULL THEN 1 ELSE 0 END) AS never
      FROM users`);
    expect(Number(row?.admins)).toBeGreaterThanOrEqual(24);
    expect(Number(row?.admins)).toBeLessThan(60);
    for (const key of ["banned", "unverified", "mfa", "never"])
      expect([key, Number(row?.[key]) > 0]).toEqual([key, true]);
    expect(await distinct("users", "role")).toEqual(["ADMIN", "USER"]);
  });

  test("keys, e-mail addresses and dates follow the schema's meaning", async () => {
    const users = await all(sql`SELECT * FROM users WHERE name_key NOT IN ('admin', 'agent')`);
    const twoYearsAgo = demoEpoch - 731 * day;
    for (const user of users) {
      expect(user.name_key).toBe(String(user.name).toLowerCase());
      expect(is(user.name, userName)).toBe(true);
      if (user.email !== null) {
        expect(user.email).toBe(String(user.email).toLowerCase());
        expect(is(user.email, email)).toBe(true);
      } else expect(Boolean(user.email_verified)).toBe(false);
      const created = Date.parse(String(user.created_at));
      expect(created).toBeGreaterThan(twoYearsAgo);
      expect(created).toBeLessThan(demoEpoch);
      if (user.last_login_at !== null) {
        const lastLogin = Date.parse(String(user.last_login_at));
        expect(lastLogin).toBeGreaterThan(created);
        expect(lastLogin).toBeLessThan(demoEpoch);
      }
      expect(Boolean(user.mfa_enabled)).toBe(typeof user.mfa_secret === "string");
      expect(Array.isArray(parse(user.tags))).toBe(true);
    }
    expect(new Set(users.map((user) => user.email).filter((value) => value !== null)).size).toBe(
      users.filter((user) => user.email !== null).length,
    );
  });

  test("each balance is its ledger's sum and the ledger never goes below zero", async () => {
    const users = await all(sql`SELECT id, balance FROM users`);
    const ledger = await all(
      sql`SELECT user_id, amount FROM coin_transactions ORDER BY user_id, created_at, id`,
    );
    const running = new Map<unknown, number>();
    for (const entry of ledger) {
      const balance = (running.get(entry.user_id) ?? 0) + Number(entry.amount);
      expect(balance).toBeGreaterThanOrEqual(0);
      running.set(entry.user_id, balance);
    }
    for (const user of users) expect(Number(user.balance)).toBe(running.get(user.id) ?? 0);
    expect([...running.values()].some((balance) => balance > 0)).toBe(true);
  });

  test("each user's XP is the sum of their sub-skill XP, and totals span every level name", async () => {
    const sums = await all(sql`SELECT u.id, u.xp, COALESCE(SUM(s.xp), 0) AS total
      FROM users u LEFT JOIN user_skill_xp s ON s.user_id = u.id GROUP BY u.id, u.xp`);
    for (const row of sums) expect(Number(row.xp)).toBe(Number(row.total));
    const names = new Set(sums.map((row) => levelInfo(Number(row.xp)).levelName));
    expect([...names].sort()).toEqual([...levelNames].sort());
    const [{ n }] = (await all(sql`SELECT count(*) AS n FROM user_skill_xp WHERE xp <= 0`)) as [
      { n: unknown },
    ];
    expect(Number(n)).toBe(0);
  });
});

describe("companies and jobs", () => {
  test("every company passes the API's own request schema", async () => {
    for (const company of await all(sql`SELECT * FROM companies`)) {
      const request = {
        name: company.name,
        description: company.description,
        website: company.website,
        videoUrl: company.video_url,
        twitter: company.twitter,
        instagram: company.instagram,
        logoUrl: company.logo_url,
      };
      expect(is(request, CompanyRequest)).toBe(true);
      expect(company.name_key).toBe(String(company.name).toLowerCase());
    }
  });

  test("every enumeration value occurs, min <= max, and every job passes the request schema", async () => {
    expect(await distinct("jobs", "job_type")).toEqual([...jobTypes].sort());
    expect(await distinct("jobs", "professional_level")).toEqual([...professionalLevels].sort());
    expect(await distinct("jobs", "salary_unit")).toEqual([...salaryUnits].sort());
    expect(await distinct("jobs", "salary_per")).toEqual([...salaryPers].sort());
    expect((await distinct("jobs", "remote")).map(Boolean).sort()).toEqual([false, true]);
    const requirements = await all(sql`SELECT job_id, sub_skill_id, min_level FROM job_skill_requirements`);
    for (const job of await all(sql`SELECT * FROM jobs`)) {
      expect(Number(job.salary_min)).toBeLessThanOrEqual(Number(job.salary_max));
      const own = requirements.filter((requirement) => requirement.job_id === job.id);
      expect(own.length).toBeGreaterThan(0);
      const request = {
        companyId: job.company_id,
        title: job.title,
        description: job.description,
        location: job.location,
        remote: Boolean(job.remote),
        type: job.job_type,
        level: job.professional_level,
        responsibilities: parse(job.responsibilities),
        salary: {
          min: Number(job.salary_min),
          max: Number(job.salary_max),
          unit: job.salary_unit,
          per: job.salary_per,
        },
        contact: job.contact,
        skillRequirements: own.map((r) => ({ subSkillId: r.sub_skill_id, minLevel: Number(r.min_level) })),
      };
      expect(is(request, JobRequest)).toBe(true);
      expect(parse(job.responsibilities).length).toBeGreaterThanOrEqual(3);
    }
  });
});

describe("skill tree", () => {
  test("roots fit the default grid on distinct cells; sub-skills fit their root's grid", async () => {
    const roots = await all(sql`SELECT * FROM root_skills`);
    const subSkills = await all(sql`SELECT * FROM sub_skills`);
    const rootDependencies = await all(sql`SELECT * FROM root_skill_dependencies`);
    const subDependencies = await all(sql`SELECT * FROM sub_skill_dependencies`);
    expect(new Set(roots.map((root) => `${root.grid_row}/${root.grid_column}`)).size).toBe(roots.length);
    for (const root of roots) {
      const request = {
        id: root.id,
        name: root.name,
        icon: root.icon,
        row: Number(root.grid_row),
        column: Number(root.grid_column),
        subRows: Number(root.sub_rows),
        subColumns: Number(root.sub_columns),
        dependencies: rootDependencies.filter((d) => d.skill_id === root.id).map((d) => d.depends_on_id),
      };
      expect(is(request, RootSkillCreate)).toBe(true);
      expect(request.row).toBeLessThan(defaultSkillTreeGrid.rows);
      expect(request.column).toBeLessThan(defaultSkillTreeGrid.columns);
      const own = subSkills.filter((skill) => skill.root_id === root.id);
      expect(own.length).toBeGreaterThanOrEqual(5);
      expect(new Set(own.map((skill) => `${skill.grid_row}/${skill.grid_column}`)).size).toBe(own.length);
      for (const skill of own) {
        const dependencies = subDependencies
          .filter((d) => d.skill_id === skill.id)
          .map((d) => d.depends_on_id);
        for (const dependency of dependencies) expect(own.map((sibling) => sibling.id)).toContain(dependency);
        const write = {
          name: skill.name,
          icon: skill.icon,
          row: Number(skill.grid_row),
          column: Number(skill.grid_column),
          dependencies,
          courses: parse(skill.courses),
        };
        expect(is(write, SubSkillWrite)).toBe(true);
        expect(write.row).toBeLessThan(request.subRows);
        expect(write.column).toBeLessThan(request.subColumns);
      }
    }
    expect(rootDependencies.length).toBeGreaterThan(0);
    expect(subDependencies.length).toBeGreaterThan(0);
  });

  test("neither level holds a dependency cycle", async () => {
    const graphOf = (edges: Rows) => {
      const graph = new Map<string, string[]>();
      for (const edge of edges) {
        graph.set(String(edge.skill_id), [
          ...(graph.get(String(edge.skill_id)) ?? []),
          String(edge.depends_on_id),
        ]);
      }
      return graph;
    };
    expect(findCycle(graphOf(await all(sql`SELECT * FROM root_skill_dependencies`)))).toBeNull();
    expect(findCycle(graphOf(await all(sql`SELECT * FROM sub_skill_dependencies`)))).toBeNull();
  });
});

describe("challenges and tasks", () => {
  test("every difficulty, status and task kind occurs", async () => {
    expect(await distinct("challenges", "difficulty")).toEqual([...challengeDifficulties].sort());
    expect(await distinct("challenges", "status")).toEqual([...challengeStatuses].sort());
    expect(await distinct("tasks", "kind")).toEqual([...taskKinds].sort());
  });

  test("every task's content is valid for its kind, and each challenge has tasks and skills", async () => {
    const tasks = await all(sql`SELECT * FROM tasks`);
    for (const task of tasks) {
      const schema = taskContentSchemas[task.kind as TaskKind] as Struct<TaskContent, unknown>;
      expect([task.id, is(parse(task.content), schema)]).toEqual([task.id, true]);
      expect(Number(task.positive_ratings)).toBeGreaterThanOrEqual(0);
      expect(Number(task.negative_ratings)).toBeGreaterThanOrEqual(0);
    }
    const [{ n: withoutTasks }] = (await all(sql`SELECT count(*) AS n FROM challenges c
      WHERE NOT EXISTS (SELECT 1 FROM tasks t WHERE t.challenge_id = c.id)`)) as [{ n: unknown }];
    expect(Number(withoutTasks)).toBe(0);
    const [{ n: withoutSkills }] = (await all(sql`SELECT count(*) AS n FROM challenges c
      WHERE NOT EXISTS (SELECT 1 FROM challenge_skills s WHERE s.challenge_id = c.id)`)) as [{ n: unknown }];
    expect(Number(withoutSkills)).toBe(0);
  });
});

describe("reports and bans", () => {
  test("every state and reason occurs, automatic DISLIKE reports among them", async () => {
    const reports = await all(sql`SELECT * FROM reports`);
    const open = reports.filter((report) => report.resolved_at === null);
    const resolved = reports.filter((report) => report.resolved_at !== null);
    expect(open.length).toBeGreaterThan(0);
    for (const resolution of reportResolutions) {
      expect([resolution, resolved.some((report) => report.resolution === resolution)]).toEqual([
        resolution,
        true,
      ]);
    }
    for (const reason of reportReasons) {
      expect([
        reason,
        open.some((r) => r.reason === reason),
        resolved.some((r) => r.reason === reason),
      ]).toEqual([reason, true, true]);
    }
    const automatic = reports.filter((report) => report.reporter_id === null);
    expect(automatic.some((report) => report.resolved_at === null)).toBe(true);
    expect(automatic.some((report) => report.resolved_at !== null)).toBe(true);
    for (const report of automatic) expect(report.reason).toBe("DISLIKE");
  });

  test("open reports from three users or an automatic one hold their task disabled; fewer leave it in play", async () => {
    const rows = await all(sql`SELECT r.task_id, r.reporter_id, t.enabled, t.hidden_by_reports,
        t.positive_ratings, t.negative_ratings
      FROM reports r JOIN tasks t ON t.id = r.task_id WHERE r.resolved_at IS NULL`);
    expect(rows.length).toBe(
      Number((await all(sql`SELECT count(*) AS n FROM reports WHERE resolved_at IS NULL`))[0]?.n),
    );
    const openPerTask = new Map<string, { reporters: number; automatic: boolean }>();
    for (const row of rows) {
      const taskId = String(row.task_id);
      const seen = openPerTask.get(taskId) ?? { reporters: 0, automatic: false };
      if (row.reporter_id === null) seen.automatic = true;
      else seen.reporters++;
      openPerTask.set(taskId, seen);
    }
    const held = [...openPerTask.values()].filter((task) => task.automatic || task.reporters >= 3);
    expect(held.length).toBeGreaterThan(0);
    expect(held.length).toBeLessThan(openPerTask.size);
    for (const row of rows) {
      const open = openPerTask.get(String(row.task_id));
      const hidden = Boolean(open?.automatic) || (open?.reporters ?? 0) >= 3;
      expect(Boolean(row.enabled)).toBe(!hidden);
      expect(Boolean(row.hidden_by_reports)).toBe(hidden);
      if (row.reporter_id === null) {
        expect(Number(row.negative_ratings)).toBeGreaterThanOrEqual(10);
        expect(Number(row.negative_ratings)).toBeGreaterThan(Number(row.positive_ratings));
      }
    }
    const [{ n }] = (await all(sql`SELECT count(*) AS n FROM tasks t WHERE NOT t.enabled
      AND NOT EXISTS (SELECT 1 FROM reports r WHERE r.task_id = t.id AND r.resolved_at IS NULL)`)) as [
      { n: unknown },
    ];
    expect(Number(n)).toBe(0);
  });

  test("resolutions: deleting ones leave only the snapshot, others keep the task; resolvers are admins", async () => {
    const reports = await all(sql`SELECT r.*, u.role AS resolver_role FROM reports r
      LEFT JOIN users u ON u.id = r.resolver_id WHERE r.resolved_at IS NOT NULL`);
    for (const report of reports) {
      const snapshot = parse(report.task_snapshot);
      expect(Object.keys(snapshot).sort()).toEqual(
        snapshot.kind === "CODING"
          ? ["challengeId", "content", "creatorId", "kind", "title"]
          : ["challengeId", "creatorId", "kind", "title"],
      );
      const deletes = report.resolution === "DELETE_TASK" || report.resolution === "BLOCK_CREATOR";
      expect(report.task_id === null).toBe(deletes);
      expect(report.resolver_role).toBe("ADMIN");
      expect(Date.parse(String(report.resolved_at))).toBeGreaterThan(Date.parse(String(report.created_at)));
      if (report.resolution === "BLOCK_REPORTER") expect(report.reporter_id).not.toBeNull();
    }
  });

  test("nobody reports their own task or the same task twice", async () => {
    const reports = await all(
      sql`SELECT task_id, task_snapshot, reporter_id FROM reports WHERE reporter_id IS NOT NULL`,
    );
    const seen = new Set<string>();
    for (const report of reports) {
      expect(report.reporter_id).not.toBe(parse(report.task_snapshot).creatorId);
      const key = `${report.task_id ?? report.task_snapshot}/${report.reporter_id}`;
      expect(seen.has(key)).toBe(false);
      seen.add(key);
    }
  });

  test("blocking resolutions ban the reporter or creator along the 3, 7, 30 days, permanent ladder", async () => {
    const bans = await all(sql`SELECT * FROM bans ORDER BY user_id, action, starts_at`);
    const blocks = await all(
      sql`SELECT * FROM reports WHERE resolution IN ('BLOCK_REPORTER', 'BLOCK_CREATOR')`,
    );
    expect(bans.length).toBe(blocks.length);
    expect(await distinct("bans", "action")).toEqual(["CREATE", "REPORT"]);
    for (const block of blocks) {
      const banned =
        block.resolution === "BLOCK_REPORTER" ? block.reporter_id : parse(block.task_snapshot).creatorId;
      const action = block.resolution === "BLOCK_REPORTER" ? "REPORT" : "CREATE";
      expect(
        bans.some(
          (ban) => ban.user_id === banned && ban.action === action && ban.starts_at === block.resolved_at,
        ),
      ).toBe(true);
    }
    const ladder = [3, 7, 30, null];
    const steps = new Map<string, number>();
    for (const ban of bans) {
      const key = `${ban.user_id}/${ban.action}`;
      const step = steps.get(key) ?? 0;
      steps.set(key, step + 1);
      const days =
        ban.ends_at === null
          ? null
          : (Date.parse(String(ban.ends_at)) - Date.parse(String(ban.starts_at))) / day;
      expect(days).toBe(ladder[step] ?? null);
    }
    expect(Math.max(...steps.values())).toBeGreaterThanOrEqual(3);
  });

  test("the audit log records each resolution by its resolver, and every actor is an admin", async () => {
    const resolved = await all(
      sql`SELECT id, resolution, resolver_id FROM reports WHERE resolved_at IS NOT NULL`,
    );
    const audit = await all(sql`SELECT a.*, u.role FROM audit_log a LEFT JOIN users u ON u.id = a.actor_id`);
    const actions: Record<string, string> = {
      REJECT: "report.reject",
      DELETE_TASK: "report.delete-task",
      BLOCK_REPORTER: "report.block-reporter",
      BLOCK_CREATOR: "report.block-creator",
    };
    for (const report of resolved) {
      const entry = audit.find((row) => row.entity === "report" && row.entity_id === report.id);
      expect(entry?.action).toBe(actions[String(report.resolution)] as string);
      expect(entry?.actor_id).toBe(report.resolver_id);
    }
    for (const entry of audit) expect(entry.role).toBe("ADMIN");
    expect(audit.some((entry) => entry.action === "user.ban")).toBe(true);
    expect(audit.some((entry) => entry.action === "company.create")).toBe(true);
  });
});

describe("signing in", () => {
  test("the demo admin keeps admin/admin and generated accounts use the password 'password'", async () => {
    expect((await logIn("admin@example.com", "admin")).status).toBe(200);
    const [member] = await all(sql`SELECT name FROM users
      WHERE role = 'USER' AND enabled AND email_verified AND NOT mfa_enabled ORDER BY name_key LIMIT 1`);
    const answer = await logIn(String(member?.name), "password");
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { user: { name: string } }).user.name).toBe(String(member?.name));
    const [banned] = await all(sql`SELECT email FROM users
      WHERE NOT enabled AND email_verified AND NOT mfa_enabled ORDER BY name_key LIMIT 1`);
    expect((await logIn(String(banned?.email), "password")).status).toBe(403);
  });

  test("the demo agent (agent/agent) works the demo project's inbox and is refused platform management", async () => {
    const answer = await logIn("agent@example.com", "agent");
    expect(answer.status).toBe(200);
    const { access_token: accessToken } = (await answer.json()) as { access_token: string };
    const get = (path: string) =>
      fetch(`${server.mainUrl}${path}`, { headers: { Authorization: `Bearer ${accessToken}` } });
    const projects = (await (await get("/api/projects")).json()) as { items: Array<{ sdkKey: string }> };
    expect(projects.items.map((project) => project.sdkKey)).toEqual(["demo"]);
    expect((await get("/api/feedback")).status).toBe(200);
    for (const path of ["/api/users", "/api/jobs", "/api/team"]) expect((await get(path)).status).toBe(403);
  });
});

describe("restart", () => {
  test("a second start on the same database seeds nothing", async () => {
    const before = await Promise.all(demoTables.map(count));
    await withTestServer({ ...server.databaseEnv, DEMO_DATA: "full" }, {}, async (second) => {
      expect(await Promise.all(demoTables.map(count))).toEqual(before);
      const [{ n }] = (await all(second.db.sql`SELECT count(*) AS n FROM widget_projects`)) as [
        { n: unknown },
      ];
      expect(Number(n)).toBe(1);
    });
  });
});
