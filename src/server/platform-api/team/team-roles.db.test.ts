import { describe, expect, test } from "bun:test";
import type { Team, TeamMember } from "../../../shared/team-api.ts";
import { teamErrors } from "../../../shared/team-api.ts";
import { readAnswer } from "../../test-support/api-calls.ts";
import { postReport, startWidgetSession } from "../../test-support/report-test-support.ts";
import { openStaffSocket } from "../../test-support/staff-socket-client.ts";
import { startBeforeAll } from "../../test-support/test-lifecycle.ts";
import { auditEntries, startTeamServer, type TeamTestServer } from "./team-test-support.ts";

/**
 * Roles through the real server: an agent works the inbox, conversations, visitors and saved replies of
 * the projects they are a member of and is refused the rest (the authorization matrix walks every
 * route); owners and admins manage the team, only owners make or change owners, the last owner stays,
 * and every change of role or membership is audited.
 */

let team: TeamTestServer;
let otherProject = "";
let agent: { id: string; token: string };
const visitors: Record<
  "demo" | "other",
  { headers: Record<string, string>; reportId: string; sessionId: string }
> = {
  demo: { headers: {}, reportId: "", sessionId: "" },
  other: { headers: {}, reportId: "", sessionId: "" },
};

async function fileReport(headers: Record<string, string>, description: string): Promise<string> {
  const response = await postReport(
    team.server.mainUrl,
    headers,
    JSON.stringify({ formData: { description } }),
  );
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

startBeforeAll(startTeamServer, async (started) => {
  team = started;
  otherProject = await team.project("Other shop");
  const [{ sdk_key }] = await team.sql`SELECT sdk_key FROM widget_projects WHERE id = ${otherProject}`;
  for (const [name, key] of [
    ["demo", "demo"],
    ["other", String(sdk_key)],
  ] as const) {
    const headers = await startWidgetSession(team.server.mainUrl, key);
    visitors[name] = {
      headers,
      sessionId: headers["Gleap-Id"] ?? "",
      reportId: await fileReport(headers, `${name} bug`),
    };
  }
  agent = await team.staff("Agent", "agent", [team.demoProjectId]);
});

const asAgent = (method: string, path: string, body?: unknown) => team.call(method, path, body, agent.token);
const ids = (items: Array<{ id: string }>) => items.map((item) => item.id);

describe("an agent", () => {
  test("sees only their projects: the project list, the inbox, one report, a visitor", async () => {
    const projects = (await (await asAgent("GET", "/api/projects")).json()) as {
      items: Array<{ id: string }>;
    };
    expect(ids(projects.items)).toEqual([team.demoProjectId]);
    const inbox = (await (await asAgent("GET", "/api/feedback?pageSize=100")).json()) as {
      items: Array<{ id: string }>;
    };
    expect(ids(inbox.items)).toContain(visitors.demo.reportId);
    expect(ids(inbox.items)).not.toContain(visitors.other.reportId);
    // A search as well: "bug" is in both projects' reports.
    const searched = (await (await asAgent("GET", "/api/feedback?q=bug")).json()) as {
      items: Array<{ id: string }>;
    };
    expect(ids(searched.items)).toContain(visitors.demo.reportId);
    expect(ids(searched.items)).not.toContain(visitors.other.reportId);
    const asked = (await (await asAgent("GET", `/api/feedback?projectId=${otherProject}`)).json()) as {
      total: number;
    };
    expect(asked.total).toBe(0);
    expect((await asAgent("GET", `/api/feedback/${visitors.demo.reportId}`)).status).toBe(200);
    expect((await asAgent("GET", `/api/admin/visitors/${visitors.demo.sessionId}/timeline`)).status).toBe(
      200,
    );
    const notMember = { status: 403, body: { error: teamErrors.notProjectMember } };
    for (const [method, path, body] of [
      ["GET", `/api/feedback/${visitors.other.reportId}`, undefined],
      ["PATCH", `/api/feedback/${visitors.other.reportId}`, { status: "DONE" }],
      ["POST", `/api/feedback/${visitors.other.reportId}/reply`, { text: "hi" }],
      ["GET", `/api/feedback/${visitors.other.reportId}/notes`, undefined],
      ["GET", `/api/admin/visitors/${visitors.other.sessionId}/timeline`, undefined],
      ["GET", `/api/projects/${otherProject}/conversations`, undefined],
      ["GET", `/api/projects/${otherProject}/saved-replies`, undefined],
      ["GET", "/api/projects/no-such-project/conversations", undefined],
    ] as const)
      expect({ path, ...(await readAnswer(await asAgent(method, path, body))) }).toEqual({
        path,
        ...notMember,
      });
  });

  test("counts in the alerts only their projects' reports", async () => {
    const waiting = async (projectIds: string[]) => {
      const [row] = await team.sql`SELECT count(*) AS n FROM feedback_reports r
        WHERE r.status IN ('OPEN', 'IN_PROGRESS') AND r.project_id IN ${team.sql(projectIds)}
          AND (r.assignee_id IS NULL OR r.assignee_id = ${agent.id})
          AND NOT EXISTS (SELECT 1 FROM feedback_report_reads rr
            WHERE rr.report_id = r.id AND rr.user_id = ${agent.id})`;
      return Number(row.n);
    };
    const ownProject = await waiting([team.demoProjectId]);
    // The other project's report waits too, so a count over every project would be larger.
    expect(await waiting([team.demoProjectId, otherProject])).toBeGreaterThan(ownProject);
    const counts = (await (await asAgent("GET", "/api/admin/alerts")).json()) as { reports: number };
    expect(counts.reports).toBe(ownProject);
  });

  test("is given work of their projects only: by a person, one report or many, and by round robin", async () => {
    const assign = (id: string) => team.call("PATCH", `/api/feedback/${id}`, { assigneeId: agent.id });
    expect((await assign(visitors.other.reportId)).status).toBe(400);
    const bulk = await team.call("POST", "/api/feedback/bulk", {
      ids: [visitors.demo.reportId, visitors.other.reportId],
      assigneeId: agent.id,
    });
    expect(bulk.status).toBe(400);
    const [other] =
      await team.sql`SELECT assignee_id FROM feedback_reports WHERE id = ${visitors.other.reportId}`;
    expect(other.assignee_id).toBeNull();
    expect((await assign(visitors.demo.reportId)).status).toBe(200);
    await team.call("PATCH", `/api/feedback/${visitors.demo.reportId}`, { assigneeId: null });

    // Round robin in both projects, with the agent the only admin available: the other project's
    // report stays unassigned, the agent's project's goes to the agent.
    const setAutoAssign = async (projectId: string, autoAssign: boolean) => {
      const settings = (await (
        await team.call("GET", `/api/projects/${projectId}/settings`)
      ).json()) as Record<string, unknown>;
      const { name, flowConfig, allowedOrigins, identityVerification } = settings;
      const saved = await team.call("PUT", `/api/projects/${projectId}/settings`, {
        name,
        flowConfig,
        allowedOrigins,
        identityVerification,
        autoAssign,
      });
      expect(saved.status).toBe(200);
    };
    const wereAvailable = (
      (await team.sql`SELECT id FROM users WHERE role = 'ADMIN' AND available`) as Array<{ id: string }>
    ).map((row) => row.id);
    await team.sql`UPDATE users SET available = ${false} WHERE role = 'ADMIN' AND id <> ${agent.id}`;
    await team.sql`UPDATE users SET available = ${true} WHERE id = ${agent.id}`;
    for (const project of [otherProject, team.demoProjectId]) await setAutoAssign(project, true);
    try {
      const otherReport = await fileReport(visitors.other.headers, "round robin elsewhere");
      const demoReport = await fileReport(visitors.demo.headers, "round robin here");
      const rows = await team.sql`SELECT id, assignee_id FROM feedback_reports
        WHERE id IN ${team.sql([otherReport, demoReport])}`;
      const assignees = Object.fromEntries(
        (rows as Array<{ id: string; assignee_id: string | null }>).map((row) => [row.id, row.assignee_id]),
      );
      expect(assignees).toEqual({ [otherReport]: null, [demoReport]: agent.id });
    } finally {
      for (const project of [otherProject, team.demoProjectId]) await setAutoAssign(project, false);
      await team.sql`UPDATE users SET available = ${false} WHERE role = 'ADMIN'`;
      if (wereAvailable.length > 0)
        await team.sql`UPDATE users SET available = ${true} WHERE id IN ${team.sql(wereAvailable)}`;
    }
  });

  test("works their project's conversations and saved replies", async () => {
    expect((await asAgent("GET", `/api/projects/${team.demoProjectId}/conversations`)).status).toBe(200);
    const created = await asAgent("POST", `/api/projects/${team.demoProjectId}/saved-replies`, {
      title: "Thanks",
      shortcut: "thanks",
      body: "Thank you!",
    });
    expect(created.status).toBe(201);
    expect((await asAgent("GET", `/api/projects/${team.demoProjectId}/saved-replies`)).status).toBe(200);
  });

  test("a bulk change by filter or by ids touches only their projects' reports", async () => {
    const [before] =
      await team.sql`SELECT priority FROM feedback_reports WHERE id = ${visitors.other.reportId}`;
    const byFilter = await readAnswer<{ updated: number }>(
      await asAgent("POST", "/api/feedback/bulk", { filter: {}, priority: "HIGH" }),
    );
    expect(byFilter.status).toBe(200);
    const byIds = await readAnswer<{ updated: number }>(
      await asAgent("POST", "/api/feedback/bulk", { ids: [visitors.other.reportId], priority: "CRITICAL" }),
    );
    expect(byIds.body.updated).toBe(0);
    const [other] =
      await team.sql`SELECT priority FROM feedback_reports WHERE id = ${visitors.other.reportId}`;
    const [own] = await team.sql`SELECT priority FROM feedback_reports WHERE id = ${visitors.demo.reportId}`;
    expect({ other: other.priority, own: own.priority }).toEqual({ other: before.priority, own: "HIGH" });
    expect(before.priority).not.toBe("HIGH");
  });

  test("is refused platform management, project settings, webhooks, the builder and the team", async () => {
    const outside = { status: 403, body: { error: teamErrors.agentArea } };
    for (const [method, path] of [
      ["GET", "/api/users"],
      ["GET", "/api/jobs"],
      ["GET", "/api/dashboard"],
      ["GET", "/api/audit-log"],
      ["GET", `/api/projects/${team.demoProjectId}/settings`],
      ["GET", `/api/projects/${team.demoProjectId}/webhooks`],
      ["POST", `/api/projects/${team.demoProjectId}/builder-token`],
      ["GET", `/api/projects/${team.demoProjectId}/outbounds`],
      ["GET", "/api/team"],
      ["POST", "/api/invitations"],
    ] as const)
      expect({
        path,
        ...(await readAnswer(await asAgent(method, path, method === "GET" ? undefined : {}))),
      }).toEqual({
        path,
        ...outside,
      });
  });

  test("hears on the staff socket only their projects; a new membership is audited and reopens it wider", async () => {
    const member = await team.staff("SocketAgent", "agent", [team.demoProjectId]);
    const agentSocket = await openStaffSocket(team.server.mainUrl, member.token);
    const ownerSocket = await openStaffSocket(team.server.mainUrl, team.ownerToken);
    try {
      const other = await fileReport(visitors.other.headers, "other again");
      const own = await fileReport(visitors.demo.headers, "demo again");
      await ownerSocket.push("report-created", (push) => push.data.id === other);
      await agentSocket.push("report-created", (push) => push.data.id === own);
      // Triage, assignment and a private note on the other project's report reach the owner only;
      // the same on the agent's own project reaches the agent too, after them on the same socket.
      for (const id of [other, own]) {
        const triaged = await team.call("PATCH", `/api/feedback/${id}`, {
          status: "IN_PROGRESS",
          assigneeId: team.ownerId,
        });
        expect(triaged.status).toBe(200);
        const noted = await team.call("POST", `/api/feedback/${id}/notes`, { text: `note on ${id}` });
        expect(noted.status).toBe(201);
        await ownerSocket.push("staff-note", (push) => push.data.note.target.id === id);
      }
      await agentSocket.push("report-updated", (push) => push.data.id === own);
      await agentSocket.push("assignment", (push) => push.data.item.id === own);
      await agentSocket.push("staff-note", (push) => push.data.note.target.id === own);
      expect(agentSocket.frames.filter((frame) => frame.includes(other))).toEqual([]);

      const closed = new Promise<number>((resolve) =>
        agentSocket.socket.addEventListener("close", (event) => resolve(event.code), { once: true }),
      );
      const changed = await readAnswer<TeamMember>(
        await team.call("PATCH", `/api/team/${member.id}`, {
          projectIds: [team.demoProjectId, otherProject],
        }),
      );
      expect(changed.body.projectIds.sort()).toEqual([team.demoProjectId, otherProject].sort());
      expect(await closed).toBe(4001);
      expect(await auditEntries(team.sql, member.id, "team.projects")).toEqual([
        { actorId: team.ownerId, details: { added: [otherProject], removed: [] } },
      ]);
      const seen = await team.call("GET", `/api/feedback/${other}`, undefined, member.token);
      expect(seen.status).toBe(200);
    } finally {
      agentSocket.close();
      ownerSocket.close();
    }
  });
});

describe("the team", () => {
  test("lists owners, admins and agents with their projects", async () => {
    const answer = await readAnswer<Team>(await team.call("GET", "/api/team"));
    expect(answer.status).toBe(200);
    expect(answer.body.members[0]).toMatchObject({ id: team.ownerId, role: "owner", name: "admin" });
    expect(answer.body.members.find((member) => member.id === agent.id)).toMatchObject({
      role: "agent",
      projectIds: [team.demoProjectId],
    });
    expect(answer.body.mfaRequired).toBe(false);
  });

  test("only owners make owners; a role change is audited; nobody changes their own role", async () => {
    const admin = await team.staff("RoleAdmin", "admin");
    const colleague = await team.staff("RoleColleague", "agent");
    expect(
      await readAnswer(await team.call("PATCH", `/api/team/${colleague.id}`, { role: "owner" }, admin.token)),
    ).toEqual({ status: 403, body: { error: teamErrors.ownersOnly } });
    const promoted = await readAnswer<TeamMember>(
      await team.call("PATCH", `/api/team/${colleague.id}`, { role: "admin" }, admin.token),
    );
    expect(promoted.body.role).toBe("admin");
    expect(await auditEntries(team.sql, colleague.id, "team.role")).toEqual([
      { actorId: admin.id, details: { role: { from: "agent", to: "admin" } } },
    ]);
    expect(
      await readAnswer(await team.call("PATCH", `/api/team/${admin.id}`, { role: "agent" }, admin.token)),
    ).toEqual({
      status: 403,
      body: { error: teamErrors.ownAccount },
    });
    expect((await team.call("PATCH", `/api/team/${colleague.id}`, { role: "boss" })).status).toBe(400);
    expect((await team.call("PATCH", `/api/team/${colleague.id}`, { projectIds: ["nope"] })).status).toBe(
      400,
    );
    expect((await team.call("PATCH", "/api/team/no-such-member", { role: "agent" })).status).toBe(404);
  });

  test("the last owner cannot be demoted or removed, on the team screen or the users screen", async () => {
    const admin = await team.staff("LastOwnerAdmin", "admin");
    const lastOwner = { status: 409, body: { error: teamErrors.lastOwner } };
    expect(
      await readAnswer(await team.call("PATCH", `/api/team/${team.ownerId}`, { role: "admin" }, admin.token)),
    ).toEqual(lastOwner);
    expect(
      await readAnswer(await team.call("DELETE", `/api/team/${team.ownerId}`, undefined, admin.token)),
    ).toEqual(lastOwner);
    expect(
      await readAnswer(await team.call("POST", `/api/users/${team.ownerId}/ban`, undefined, admin.token)),
    ).toEqual(lastOwner);
    expect(
      await readAnswer(await team.call("DELETE", `/api/users/${team.ownerId}`, undefined, admin.token)),
    ).toEqual(lastOwner);
    expect(
      await readAnswer(await team.call("PATCH", `/api/team/${team.ownerId}`, { role: "admin" })),
    ).toEqual({
      status: 403,
      body: { error: teamErrors.ownAccount },
    });
    // With a second owner, an admin still may not touch an owner, not even their address.
    const second = await team.staff("SecondOwner", "owner");
    expect(
      await readAnswer(
        await team.call("PATCH", `/api/users/${second.id}`, { email: "mine@example.com" }, admin.token),
      ),
    ).toEqual({ status: 403, body: { error: teamErrors.ownersOnly } });
    // Two owners demoting each other at once leave one of them the owner (whichever came first).
    await Promise.all([
      team.call("PATCH", `/api/team/${second.id}`, { role: "admin" }),
      team.call("PATCH", `/api/team/${team.ownerId}`, { role: "admin" }, second.token),
    ]);
    const owners = await team.sql`SELECT id FROM users
      WHERE staff_role = 'owner' AND id IN (${team.ownerId}, ${second.id})`;
    expect(owners).toHaveLength(1);
  });

  test("removing a member keeps the account as a platform user, ends its staff access, and is audited", async () => {
    const leaving = await team.staff("Leaving", "agent", [team.demoProjectId]);
    expect((await team.call("DELETE", `/api/team/${leaving.id}`)).status).toBe(204);
    expect(await readAnswer(await team.call("GET", "/api/feedback", undefined, leaving.token))).toEqual({
      status: 403,
      body: { error: "You are not authorized to use this dashboard." },
    });
    const [row] = await team.sql`SELECT role, staff_role FROM users WHERE id = ${leaving.id}`;
    expect(row).toEqual({ role: "USER", staff_role: null });
    const [{ count }] =
      await team.sql`SELECT count(*) AS count FROM staff_project_members WHERE user_id = ${leaving.id}`;
    expect(Number(count)).toBe(0);
    expect(await auditEntries(team.sql, leaving.id, "team.remove")).toEqual([
      { actorId: team.ownerId, details: { role: "agent", projectIds: [team.demoProjectId] } },
    ]);
    expect((await team.call("DELETE", `/api/team/${leaving.id}`)).status).toBe(404);
  });

  test("the users screen makes an ADMIN an admin of the team, and a USER no longer staff", async () => {
    const promoted = await team.staff("Promoted", "agent", [team.demoProjectId]);
    await team.call("PATCH", `/api/users/${promoted.id}`, { role: "USER" });
    const [demoted] = await team.sql`SELECT staff_role FROM users WHERE id = ${promoted.id}`;
    expect(demoted.staff_role).toBeNull();
    await team.call("PATCH", `/api/users/${promoted.id}`, { role: "ADMIN" });
    const [again] = await team.sql`SELECT staff_role FROM users WHERE id = ${promoted.id}`;
    expect(again.staff_role).toBe("admin");
    const [{ count }] =
      await team.sql`SELECT count(*) AS count FROM staff_project_members WHERE user_id = ${promoted.id}`;
    expect(Number(count)).toBe(0);
  });
});
