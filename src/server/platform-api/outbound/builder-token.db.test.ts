import { describe, expect, test } from "bun:test";
import type { BuilderTokenResult } from "../../../shared/builder-messages.ts";
import type { AdminOutbound, AdminTooltip, OutboundWrite, TooltipWrite } from "../../../shared/inbox-api.ts";
import { createAccessTokens } from "../../auth/access-tokens.ts";
import { type MessengerTest, startMessengerTest } from "../../test-support/messenger-test-support.ts";
import { tableRows } from "../../test-support/refused-writes.ts";
import { startBeforeAll } from "../../test-support/test-lifecycle.ts";

/**
 * The admin builder's token (`POST /api/projects/{p}/builder-token`): what the site page gets instead of
 * the admin's access token. It reads and saves its one tour or tooltip and is refused everywhere else.
 */

let t: MessengerTest;
let otherProjectId = "";
let tour: AdminOutbound;
let otherTour: AdminOutbound;
let notification: AdminOutbound;
let tooltip: AdminTooltip;
let secret = "";

const tourWrite = (name: string): OutboundWrite => ({
  type: "tour",
  name,
  config: { tourType: "standard", steps: [{ selector: "#a", message: "Hi" }] },
});
const tooltipWrite: TooltipWrite = { name: "Help dot", selector: "#b", html: "<p>Help</p>", mode: "hotspot" };

startBeforeAll(startMessengerTest, async (started) => {
  t = started;
  tour = await t.create<AdminOutbound>("/outbounds", tourWrite("Builder tour"));
  otherTour = await t.create<AdminOutbound>("/outbounds", tourWrite("Other tour"));
  notification = await t.create<AdminOutbound>("/outbounds", {
    type: "notification",
    name: "Note",
    config: { text: "Hi" },
  });
  tooltip = await t.create<AdminTooltip>("/tooltips", tooltipWrite);
  otherProjectId = (await t.api.create<{ id: string }>("/api/projects", { name: "Other shop" })).id;
  const [row] = await t.api.sql`SELECT value FROM settings WHERE key = ${"access_token_secret"}`;
  secret = String(row.value);
});

const tokenPath = (projectId = t.projectId) => `/api/projects/${projectId}/builder-token`;

async function builderToken(
  body: { kind: string; itemId: string },
  accessToken = t.api.adminToken,
): Promise<BuilderTokenResult> {
  return t.api.expectJson<BuilderTokenResult>("POST", tokenPath(), body, 200, accessToken);
}

const payloadOf = (token: string) =>
  JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8")) as Record<string, unknown>;

/** Every row a builder token could write, to show a refused request wrote none. */
const state = () =>
  tableRows(t.api.sql, ["widget_outbounds", "widget_tooltips", "audit_log", "auth_sessions", "users"]);

async function status(method: string, path: string, token: string, body?: unknown): Promise<number> {
  const response = await t.api.call(method, path, body ?? (method === "GET" ? undefined : {}), token);
  await response.body?.cancel();
  return response.status;
}

describe("issuing a builder token", () => {
  test("an admin gets a 10-minute token for one tour, tied to the admin and the sign-in session", async () => {
    const before = Date.now();
    const result = await builderToken({ kind: "tour", itemId: tour.id });
    expect(Object.keys(result).sort()).toEqual(["expiresAt", "token"]);
    const expires = Date.parse(result.expiresAt);
    expect(expires).toBeGreaterThanOrEqual(before + 10 * 60_000 - 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 10 * 60_000 + 1000);
    const payload = payloadOf(result.token);
    const access = payloadOf(t.api.adminToken);
    expect(payload).toMatchObject({
      aud: "builder",
      scope: "builder",
      sub: t.api.adminId,
      sid: access.sid,
      projectId: t.projectId,
      kind: "tour",
      itemId: tour.id,
    });
    expect(payload).not.toHaveProperty("admin");
    expect(result.token).not.toBe(t.api.adminToken);
  });

  test("a tooltip's token", async () => {
    const result = await builderToken({ kind: "tooltip", itemId: tooltip.id });
    expect(payloadOf(result.token)).toMatchObject({ kind: "tooltip", itemId: tooltip.id });
  });

  test("an unknown project or item is a 404; a tour must be an outbound of type tour", async () => {
    const before = await state();
    const cases: Array<[string, { kind: string; itemId: string }, string]> = [
      [tokenPath("no-such-project"), { kind: "tour", itemId: tour.id }, "Project not found"],
      [tokenPath(), { kind: "tour", itemId: "no-such-tour" }, "Outbound content not found"],
      [tokenPath(), { kind: "tour", itemId: notification.id }, "Outbound content not found"],
      [tokenPath(), { kind: "tour", itemId: tooltip.id }, "Outbound content not found"],
      [tokenPath(), { kind: "tooltip", itemId: tour.id }, "Tooltip not found"],
      [tokenPath(otherProjectId), { kind: "tour", itemId: tour.id }, "Outbound content not found"],
    ];
    for (const [path, body, error] of cases) {
      const response = await t.api.call("POST", path, body);
      expect(`${path} ${JSON.stringify(body)} → ${response.status}`).toBe(
        `${path} ${JSON.stringify(body)} → 404`,
      );
      expect(((await response.json()) as { error: string }).error).toBe(error);
    }
    expect(await state()).toBe(before);
  });

  test("the body is validated like every platform body", async () => {
    for (const [body, field] of [
      [{ kind: "modal", itemId: tour.id }, "kind"],
      [{ kind: "tour" }, "itemId"],
      [{ kind: "tour", itemId: "" }, "itemId"],
      [{ kind: "tour", itemId: tour.id, extra: 1 }, "extra"],
    ] as const) {
      const response = await t.api.call("POST", tokenPath(), body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { field?: string }).field).toBe(field);
    }
    const plain = await fetch(`${t.mainUrl}${tokenPath()}`, {
      method: "POST",
      headers: { Authorization: `Bearer ${t.api.adminToken}`, "Content-Type": "text/plain" },
      body: JSON.stringify({ kind: "tour", itemId: tour.id }),
    });
    expect(plain.status).toBe(415);
  });

  test("only a signed-in admin gets one: not a USER, nobody, nor a builder token", async () => {
    const body = { kind: "tour", itemId: tour.id };
    expect(await status("POST", tokenPath(), t.api.userToken, body)).toBe(403);
    const anonymous = await t.api.call("POST", tokenPath(), body, null);
    expect(anonymous.status).toBe(401);
    const { token } = await builderToken(body);
    expect(await status("POST", tokenPath(), token, body)).toBe(403);
  });
});

describe("using a builder token", () => {
  test("reads its tour and saves the steps as a draft, audited as the admin's; the tour stays as it was", async () => {
    const { token } = await builderToken({ kind: "tour", itemId: tour.id });
    const path = `/api/projects/${t.projectId}/outbounds/${tour.id}`;
    const read = await t.api.getJson<AdminOutbound>(path, token);
    expect(read.id).toBe(tour.id);
    const steps = [{ selector: "#picked", message: "Here", mode: "CLICK" }];
    const saved = await t.api.expectJson<AdminOutbound>(
      "PUT",
      path,
      { ...tourWrite("Builder tour"), config: { tourType: "standard", steps } },
      200,
      token,
    );
    // The builder sees its draft (and reads it back), the tour itself is unchanged.
    expect(saved.config.steps).toEqual(steps);
    expect((await t.api.getJson<AdminOutbound>(path, token)).config.steps).toEqual(steps);
    const live = await t.api.getJson<AdminOutbound>(path);
    expect(live.config.steps).toEqual(tourWrite("Builder tour").config.steps);
    const [audit] = await t.api.sql`SELECT actor_id, action FROM audit_log
      WHERE entity_id = ${tour.id} ORDER BY created_at DESC LIMIT 1`;
    expect(audit).toMatchObject({ actor_id: t.api.adminId, action: "outbound.builder-draft" });
  });

  test("reads its tooltip and saves the target as a draft", async () => {
    const { token } = await builderToken({ kind: "tooltip", itemId: tooltip.id });
    const path = `/api/projects/${t.projectId}/tooltips/${tooltip.id}`;
    expect((await t.api.getJson<AdminTooltip>(path, token)).id).toBe(tooltip.id);
    const saved = await t.api.expectJson<AdminTooltip>(
      "PUT",
      path,
      { ...tooltipWrite, selector: "#picked" },
      200,
      token,
    );
    expect(saved.selector).toBe("#picked");
    expect((await t.api.getJson<AdminTooltip>(path)).selector).toBe("#b");
  });

  test("the admin's access token keeps working on the same routes", async () => {
    const path = `/api/projects/${t.projectId}/outbounds/${tour.id}`;
    await t.api.getJson<AdminOutbound>(path);
    await t.api.expectJson<AdminOutbound>("PUT", path, tourWrite("Builder tour"), 200);
    await t.api.getJson<AdminTooltip>(`/api/projects/${t.projectId}/tooltips/${tooltip.id}`);
  });

  test("is refused on every other route, item, kind and project, writing nothing", async () => {
    const { token } = await builderToken({ kind: "tour", itemId: tour.id });
    const p = t.projectId;
    const before = await state();
    const refusals: Array<[string, string, number, unknown?]> = [
      // Another item, kind or project on the routes that take builder tokens: 403.
      ["GET", `/api/projects/${p}/outbounds/${otherTour.id}`, 403],
      ["PUT", `/api/projects/${p}/outbounds/${otherTour.id}`, 403, tourWrite("Taken")],
      ["GET", `/api/projects/${p}/outbounds/${notification.id}`, 403],
      ["GET", `/api/projects/${p}/tooltips/${tour.id}`, 403],
      ["GET", `/api/projects/${p}/tooltips/${tooltip.id}`, 403],
      ["GET", `/api/projects/${otherProjectId}/outbounds/${tour.id}`, 403],
      ["PUT", `/api/projects/${otherProjectId}/outbounds/${tour.id}`, 403, tourWrite("Taken")],
      // Its own tour, but not as a tour: 403.
      [
        "PUT",
        `/api/projects/${p}/outbounds/${tour.id}`,
        403,
        { type: "modal", name: "M", config: { title: "x" } },
      ],
      // Every other route, its own item's too: 403, the admin's own sign-in is needed.
      ["DELETE", `/api/projects/${p}/outbounds/${tour.id}`, 403],
      ["POST", `/api/projects/${p}/outbounds/${tour.id}/publish`, 403],
      ["POST", `/api/projects/${p}/outbounds/${tour.id}/unpublish`, 403],
      ["GET", `/api/projects/${p}/outbounds/${tour.id}/stats`, 403],
      ["GET", `/api/projects/${p}/outbounds`, 403],
      ["POST", `/api/projects/${p}/outbounds`, 403, tourWrite("New")],
      ["GET", `/api/projects/${p}/tooltips`, 403],
      ["GET", `/api/projects/${p}/settings`, 403],
      ["POST", `/api/projects/${p}/secret/rotate`, 403],
      ["GET", "/api/users", 403],
      ["GET", "/api/feedback", 403],
      ["GET", "/api/dashboard", 403],
      ["GET", "/api/auth/me", 403],
      ["POST", "/api/auth/logout", 403],
      ["POST", "/api/auth/mfa/enroll", 403],
    ];
    for (const [method, path, expected, body] of refusals) {
      const got = await status(method, path, token, body);
      expect(`${method} ${path} → ${got}`).toBe(`${method} ${path} → ${expected}`);
    }
    // Nor may it make anyone an admin.
    const [member] = await t.api.sql`SELECT id FROM users WHERE email = ${"member@example.com"}`;
    expect(await status("PATCH", `/api/users/${member.id}`, token, { role: "ADMIN" })).toBe(403);
    // Nor open the staff socket.
    const socket = await fetch(`${t.mainUrl}/api/admin/ws?token=${encodeURIComponent(token)}`);
    expect(socket.status).toBe(403);
    expect(await state()).toBe(before);
  });

  test("an expired builder token is refused", async () => {
    const access = payloadOf(t.api.adminToken);
    const { token } = await createAccessTokens(secret, () => Date.now() - 11 * 60_000).signBuilder({
      sub: t.api.adminId,
      sid: String(access.sid),
      projectId: t.projectId,
      kind: "tour",
      itemId: tour.id,
    });
    expect(await status("GET", `/api/projects/${t.projectId}/outbounds/${tour.id}`, token)).toBe(401);
    // The same claims, freshly signed, pass: only the time refused it.
    const fresh = await createAccessTokens(secret).signBuilder({
      sub: t.api.adminId,
      sid: String(access.sid),
      projectId: t.projectId,
      kind: "tour",
      itemId: tour.id,
    });
    expect(await status("GET", `/api/projects/${t.projectId}/outbounds/${tour.id}`, fresh.token)).toBe(200);
  });

  test("a forged or foreign-signed builder token is refused", async () => {
    const { token } = await createAccessTokens("another-secret").signBuilder({
      sub: t.api.adminId,
      sid: "whatever",
      projectId: t.projectId,
      kind: "tour",
      itemId: tour.id,
    });
    expect(await status("GET", `/api/projects/${t.projectId}/outbounds/${tour.id}`, token)).toBe(401);
  });

  test("the admin behind it must still be an enabled ADMIN, signed in", async () => {
    const path = `/api/projects/${t.projectId}/outbounds/${tour.id}`;
    const other = await t.api.newAdmin("Builderadmin");
    const { token } = await builderToken({ kind: "tour", itemId: tour.id }, other.token);
    expect(await status("GET", path, token)).toBe(200);

    await t.api.sql`UPDATE users SET role = ${"USER"} WHERE id = ${other.id}`;
    expect(await status("GET", path, token)).toBe(403);
    await t.api.sql`UPDATE users SET role = ${"ADMIN"}, enabled = ${false} WHERE id = ${other.id}`;
    expect(await status("GET", path, token)).toBe(403);
    await t.api.sql`UPDATE users SET enabled = ${true} WHERE id = ${other.id}`;
    expect(await status("GET", path, token)).toBe(200);

    // Signing out ends the builder token with the session.
    expect(await status("POST", "/api/auth/logout", other.token)).toBe(204);
    expect(await status("GET", path, token)).toBe(401);
  });
});
