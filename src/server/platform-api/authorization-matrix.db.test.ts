import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { teamErrors } from "../../shared/team-api.ts";
import { createAccessTokens } from "../auth/access-tokens.ts";
import type { ApiRoute } from "../http/api-route.ts";
import { adminEndpoints } from "../test-support/admin-endpoints.ts";
import { createSignInAccount } from "../test-support/sign-in-accounts.ts";
import { startBeforeAll } from "../test-support/test-lifecycle.ts";
import { startTestServer, type TestServer } from "../test-support/test-server.ts";
import { agentRoutes } from "./agent-area.ts";

// Each test calls every route of the table, some twice: 2 s alone, over 15 s once on a loaded machine.
setDefaultTimeout(60_000);

/**
 * Every admin endpoint, called as seven kinds of caller: nobody, an expired token, a USER, a disabled
 * admin, a valid admin, the admin builder's token (one tour only) and an agent (a member of one project:
 * agent-area.ts). The route list comes from the route builders themselves, so a new admin endpoint is
 * covered the moment it is added.
 */

// Endpoints any signed-in user may call; they are checked by their own tests.
const userEndpoints = new Set(["POST /api/tasks/:id/reports", "POST /api/tasks/:id/ratings"]);

let server: TestServer;
let routes: Array<Pick<ApiRoute, "method" | "pattern">>;
const tokens: Record<"expired" | "user" | "disabledAdmin" | "admin" | "builder" | "agent", string> = {
  expired: "",
  user: "",
  disabledAdmin: "",
  admin: "",
  builder: "",
  agent: "",
};
/** The project the agent is a member of, and one they are not. */
const projects = { member: "", other: "" };

async function login(login: string, password: string): Promise<string> {
  const response = await fetch(`${server.mainUrl}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ login, password }),
  });
  if (response.status !== 200) throw new Error(`login ${login}: ${response.status}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

startBeforeAll(startTestServer, async (started) => {
  server = started;
  const sql = server.db.sql;
  const [{ value: secret }] = await sql`SELECT value FROM settings WHERE key = ${"access_token_secret"}`;
  routes = (await adminEndpoints(sql)).filter(
    (route) => !userEndpoints.has(`${route.method} ${route.pattern}`),
  );

  await createSignInAccount(sql, { name: "matrix-user", password: "matrix-pw-1", emailVerified: true });
  await createSignInAccount(sql, {
    name: "matrix-off",
    password: "matrix-pw-2",
    role: "ADMIN",
    emailVerified: true,
  });
  tokens.user = await login("matrix-user", "matrix-pw-1");
  tokens.disabledAdmin = await login("matrix-off", "matrix-pw-2");
  await sql`UPDATE users SET enabled = ${false} WHERE name_key = ${"matrix-off"}`;
  tokens.admin = await login("admin", "admin");
  // A correctly signed token of a real session, issued an hour ago: expired 45 minutes since.
  const adminSession = JSON.parse(Buffer.from(tokens.admin.split(".")[1] ?? "", "base64url").toString());
  tokens.expired = await createAccessTokens(String(secret), () => Date.now() - 3_600_000).sign({
    sub: adminSession.sub,
    sid: adminSession.sid,
    admin: true,
    email_verified: true,
  });
  // The builder's token for a real tour of the demo project (the routes below name other ids).
  const [project] = await sql`SELECT id FROM widget_projects ORDER BY created_at LIMIT 1`;
  const admin = { Authorization: `Bearer ${tokens.admin}`, "Content-Type": "application/json" };
  const tour = await fetch(`${server.mainUrl}/api/projects/${project.id}/outbounds`, {
    method: "POST",
    headers: admin,
    body: JSON.stringify({ type: "tour", name: "Matrix tour", config: { steps: [{ message: "Hi" }] } }),
  });
  const { id: tourId } = (await tour.json()) as { id: string };
  const issued = await fetch(`${server.mainUrl}/api/projects/${project.id}/builder-token`, {
    method: "POST",
    headers: admin,
    body: JSON.stringify({ kind: "tour", itemId: tourId }),
  });
  tokens.builder = ((await issued.json()) as { token: string }).token;

  // An agent of the demo project; a second project they are not a member of.
  projects.member = String(project.id);
  const other = await fetch(`${server.mainUrl}/api/projects`, {
    method: "POST",
    headers: admin,
    body: JSON.stringify({ name: "Matrix other" }),
  });
  projects.other = ((await other.json()) as { id: string }).id;
  await createSignInAccount(sql, {
    name: "matrix-agent",
    password: "matrix-pw-3",
    role: "ADMIN",
    staffRole: "agent",
    emailVerified: true,
  });
  await sql`INSERT INTO staff_project_members (user_id, project_id, created_at)
    SELECT id, ${projects.member}, ${new Date().toISOString()} FROM users WHERE name_key = ${"matrix-agent"}`;
  tokens.agent = await login("matrix-agent", "matrix-pw-3");
});

async function call(
  route: Pick<ApiRoute, "method" | "pattern">,
  token: string | null,
  projectId = "does-not-exist",
) {
  const path = route.pattern.replace(":projectId", projectId).replace(/:(\w+)/g, "does-not-exist");
  const response = await fetch(`${server.mainUrl}${path}`, {
    method: route.method,
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: route.method === "GET" ? undefined : "{}",
  });
  return {
    status: response.status,
    body: (await response.json().catch(() => null)) as { error?: string } | null,
  };
}

describe("authorization matrix", () => {
  test("every admin route is listed", () => {
    expect(routes.length).toBeGreaterThanOrEqual(2);
    expect(routes.map((route) => `${route.method} ${route.pattern}`)).toContain("GET /api/feedback");
    expect(routes.map((route) => `${route.method} ${route.pattern}`)).toContain(
      "POST /api/projects/:projectId/conversations/:id/messages",
    );
    // The inbox, outbound content, tooltips and project settings.
    for (const route of [
      "PATCH /api/feedback/:id",
      "POST /api/feedback/bulk",
      "POST /api/feedback/bulk-delete",
      "GET /api/feedback/:id/neighbours",
      "POST /api/feedback/:id/reply",
      "POST /api/projects/:projectId/outbounds/:id/publish",
      "PUT /api/projects/:projectId/tooltips/:id",
      "POST /api/projects",
      "PUT /api/projects/:projectId/settings",
      "POST /api/projects/:projectId/secret/rotate",
      "POST /api/projects/:projectId/builder-token",
      // Webhooks.
      "POST /api/projects/:projectId/webhooks",
      "POST /api/projects/:projectId/webhooks/:id/test",
    ])
      expect(routes.map((route) => `${route.method} ${route.pattern}`)).toContain(route);
  });

  test("no token: 401", async () => {
    for (const route of routes) {
      const { status } = await call(route, null);
      expect(`${route.method} ${route.pattern} → ${status}`).toBe(`${route.method} ${route.pattern} → 401`);
    }
  });

  test("an expired token: 401", async () => {
    for (const route of routes) {
      const { status } = await call(route, tokens.expired);
      expect(`${route.method} ${route.pattern} → ${status}`).toBe(`${route.method} ${route.pattern} → 401`);
    }
  });

  test("a USER's token: 403 not authorized", async () => {
    for (const route of routes) {
      const { status, body } = await call(route, tokens.user);
      expect(`${route.method} ${route.pattern} → ${status} ${body?.error}`).toBe(
        `${route.method} ${route.pattern} → 403 You are not authorized to use this dashboard.`,
      );
    }
  });

  test("a disabled admin: 403 account disabled", async () => {
    for (const route of routes) {
      const { status, body } = await call(route, tokens.disabledAdmin);
      expect(`${route.method} ${route.pattern} → ${status} ${body?.error}`).toBe(
        `${route.method} ${route.pattern} → 403 account disabled, contact us`,
      );
    }
  });

  test("the builder's token (one tour) is refused on every route of another item, or any other route", async () => {
    expect(tokens.builder).not.toBe("");
    for (const route of routes) {
      const { status } = await call(route, tokens.builder);
      const verdict = status === 401 || status === 403 ? "refused" : `answered ${status}`;
      expect(`${route.method} ${route.pattern} → ${verdict}`).toBe(
        `${route.method} ${route.pattern} → refused`,
      );
    }
  });

  test("an agent: 403 on every route outside their area, a project of theirs or not", async () => {
    const outside = routes.filter((route) => !(`${route.method} ${route.pattern}` in agentRoutes));
    expect(outside.length).toBeGreaterThan(100);
    for (const route of outside)
      for (const projectId of [projects.member, projects.other]) {
        const { status, body } = await call(route, tokens.agent, projectId);
        expect(`${route.method} ${route.pattern} → ${status} ${body?.error}`).toBe(
          `${route.method} ${route.pattern} → 403 ${teamErrors.agentArea}`,
        );
      }
  });

  test("an agent in their area: a project of theirs passes the check, any other project is a 403", async () => {
    const inside = routes.filter((route) => `${route.method} ${route.pattern}` in agentRoutes);
    // Every route the area names exists: a renamed route cannot leave a stale entry behind.
    expect(inside.map((route) => `${route.method} ${route.pattern}`).sort()).toEqual(
      Object.keys(agentRoutes).sort(),
    );
    for (const route of inside) {
      const own = await call(route, tokens.agent, projects.member);
      const verdict =
        own.status === 401 || own.status === 403 || own.status >= 500 ? "refused or failed" : "answered";
      expect(`${route.method} ${route.pattern} → ${verdict}`).toBe(
        `${route.method} ${route.pattern} → answered`,
      );
      if (!route.pattern.includes(":projectId")) continue;
      const other = await call(route, tokens.agent, projects.other);
      expect(`${route.method} ${route.pattern} → ${other.status} ${other.body?.error}`).toBe(
        `${route.method} ${route.pattern} → 403 ${teamErrors.notProjectMember}`,
      );
    }
  });

  test("a valid admin passes the check (the route then answers for itself, never with 401/403/5xx)", async () => {
    for (const route of routes) {
      const { status } = await call(route, tokens.admin);
      const verdict = status === 401 || status === 403 || status >= 500 ? "refused or failed" : "answered";
      expect(`${route.method} ${route.pattern} → ${verdict}`).toBe(
        `${route.method} ${route.pattern} → answered`,
      );
    }
  });
});

/**
 * The staff socket is not a route of the list (the main origin upgrades it), so it gets the same five
 * callers here. Its token travels in the query; every refusal comes before the upgrade, and an admin
 * passes to the upgrade (which a plain HTTP request cannot do: 400).
 */
describe("authorization matrix: the staff socket", () => {
  const socketUrl = (token: string | null) =>
    `${server.mainUrl}/api/admin/ws${token === null ? "" : `?token=${encodeURIComponent(token)}`}`;
  const errorOf = async (response: Response) => ((await response.json()) as { error: string }).error;

  test("nobody, an expired token and a forged token: 401; a builder token: 403", async () => {
    expect((await fetch(socketUrl(null))).status).toBe(401);
    expect((await fetch(socketUrl(tokens.expired))).status).toBe(401);
    expect((await fetch(socketUrl(tokens.builder))).status).toBe(403);
    const [header, payload] = tokens.admin.split(".");
    expect((await fetch(socketUrl(`${header}.${payload}.forged-signature`))).status).toBe(401);
  });

  test("a USER: 403 not authorized; a disabled admin: 403 account disabled", async () => {
    const user = await fetch(socketUrl(tokens.user));
    expect(user.status).toBe(403);
    expect(await errorOf(user)).toBe("You are not authorized to use this dashboard.");
    const disabled = await fetch(socketUrl(tokens.disabledAdmin));
    expect(disabled.status).toBe(403);
    expect(await errorOf(disabled)).toBe("account disabled, contact us");
  });

  test("an admin passes the check: a real socket opens", async () => {
    const plain = await fetch(socketUrl(tokens.admin));
    expect(plain.status).toBe(400);
    expect(await errorOf(plain)).toBe("Expected a websocket upgrade");
    const socket = new WebSocket(socketUrl(tokens.admin).replace(/^http/, "ws"));
    await new Promise<void>((resolve, reject) => {
      socket.addEventListener("open", () => resolve(), { once: true });
      socket.addEventListener("error", () => reject(new Error("refused")), { once: true });
    });
    socket.close();
  });
});
