import { describe, expect, test } from "bun:test";
import { createHmac } from "node:crypto";
import type { AdminProjectSettings, DashboardWithWidget } from "../../../shared/inbox-api.ts";
import { startAdminApiTestClient } from "../../test-support/admin-api-client.ts";
import { expectError } from "../../test-support/api-calls.ts";
import { sessionHeaders } from "../../test-support/outbound-test-support.ts";
import { expectRefusedWrite } from "../../test-support/refused-writes.ts";
import { startedBeforeAll } from "../../test-support/test-lifecycle.ts";

const api = startedBeforeAll(startAdminApiTestClient);

const expectRefused = (method: string, path: string, body: unknown, status: number, field?: string) =>
  expectRefusedWrite(
    api,
    ["widget_projects", "feedback_flows", "audit_log"],
    { method, path, body },
    status,
    field,
  );

const widget = (path: string, init: RequestInit = {}) =>
  fetch(`${api.server.mainUrl}/api/widget${path}`, init);

async function startSession(sdkKey: string, origin?: string) {
  return widget("/sessions", {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "Api-Token": sdkKey,
      ...(origin ? { Origin: origin } : {}),
    },
    body: '{"lang":"en"}',
  });
}

describe("widget projects", () => {
  let project: AdminProjectSettings;

  test("a new project gets a fresh key and secret, identity verification off, and the default flows", async () => {
    project = await api.create<AdminProjectSettings>("/api/projects", { name: " Shop " });
    expect(project).toMatchObject({ name: "Shop", identityVerification: false, allowedOrigins: [] });
    expect(project.sdkKey).toMatch(/^[0-9a-f]{32}$/);
    expect(project.identitySecret).toMatch(/^[0-9a-f]{64}$/);
    expect(project.flowConfig.color).toBe("#485BFF");
    const flows =
      await api.sql`SELECT flow_key FROM feedback_flows WHERE project_id = ${project.id} ORDER BY position`;
    expect(flows.map((row: { flow_key: string }) => row.flow_key)).toEqual([
      "bugreporting",
      "featurerequest",
      "contact",
    ]);
    const other = await api.create<AdminProjectSettings>("/api/projects", { name: "Other" });
    expect(other.sdkKey).not.toBe(project.sdkKey);
    expect(other.identitySecret).not.toBe(project.identitySecret);
    expect(await api.getJson(`/api/projects/${project.id}/settings`)).toEqual(project);
    const [audit] = await api.sql`SELECT action FROM audit_log WHERE entity_id = ${project.id}`;
    expect(audit.action).toBe("project.create");
  });

  test("identity verification is enforced on identify: a missing or wrong userHash is refused", async () => {
    const { name, allowedOrigins } = project;
    project = await api.expectJson<AdminProjectSettings>(
      "PUT",
      `/api/projects/${project.id}/settings`,
      { name, flowConfig: {}, allowedOrigins, identityVerification: true },
      200,
    );
    const session = (await (await startSession(project.sdkKey)).json()) as {
      gleapId: string;
      gleapHash: string;
    };
    const identify = (body: unknown) =>
      widget("/sessions/identify", {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "Api-Token": project.sdkKey,
          "Gleap-Id": session.gleapId,
          "Gleap-Hash": session.gleapHash,
        },
        body: JSON.stringify(body),
      });
    expect((await identify({ userId: "u-1" })).status).toBe(401);
    expect((await identify({ userId: "u-1", userHash: "0".repeat(64) })).status).toBe(401);
    const userHash = createHmac("sha256", project.identitySecret).update("u-1").digest("hex");
    expect((await identify({ userId: "u-1", userHash })).status).toBe(200);

    // A rotated secret makes the old hashes worthless.
    const rotated = await api.expectJson<AdminProjectSettings>(
      "POST",
      `/api/projects/${project.id}/secret/rotate`,
      undefined,
      200,
    );
    expect(rotated.identitySecret).not.toBe(project.identitySecret);
    expect((await identify({ userId: "u-1", userHash })).status).toBe(401);
    project = rotated;
  });

  test("PUT replaces the settings; allowed origins are enforced by the widget API at once", async () => {
    const saved = await api.expectJson<AdminProjectSettings>(
      "PUT",
      `/api/projects/${project.id}/settings`,
      {
        name: "Shop EU",
        flowConfig: {
          color: "#112233",
          feedbackButtonPosition: "BOTTOM_LEFT",
          localizationOptions: { language: "de", rtl: false },
        },
        allowedOrigins: ["https://shop.example", "https://SHOP.example/", "http://localhost:8080"],
        identityVerification: false,
      },
      200,
    );
    expect(saved).toMatchObject({
      name: "Shop EU",
      allowedOrigins: ["https://shop.example", "http://localhost:8080"],
      identityVerification: false,
    });
    expect(saved.flowConfig).toMatchObject({
      color: "#112233",
      feedbackButtonPosition: "BOTTOM_LEFT",
      borderRadius: 20,
    });
    const config = (await (await widget(`/config/${project.sdkKey}`)).json()) as {
      flowConfig: { color: string };
    };
    expect(config.flowConfig.color).toBe("#112233");

    const allowed = await startSession(project.sdkKey, "https://shop.example");
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get("access-control-allow-origin")).toBe("https://shop.example");
    await expectError(await startSession(project.sdkKey, "https://evil.example"), 403, {
      error: "Origin https://evil.example is not allowed for this project",
    });
    // The project's own messenger frame calls the widget API from this server's messenger origin,
    // which no customer lists: it is always let through.
    const session = (await (await startSession(project.sdkKey, "https://shop.example")).json()) as {
      gleapId: string;
      gleapHash: string;
    };
    const messengerOrigin = new URL(api.server.messengerUrl).origin;
    const home = await widget("/messenger/home", {
      headers: {
        "Api-Token": project.sdkKey,
        "Gleap-Id": session.gleapId,
        "Gleap-Hash": session.gleapHash,
        Origin: messengerOrigin,
      },
    });
    expect(home.status).toBe(200);
    expect(home.headers.get("access-control-allow-origin")).toBe(messengerOrigin);
    // The demo project has no list: any origin.
    expect((await startSession("demo", "https://evil.example")).status).toBe(200);
    const [audit] = await api.sql`SELECT action FROM audit_log WHERE entity_id = ${project.id}
      AND action = ${"project.update"}`;
    expect(audit).toBeDefined();
  });

  test("approving feature requests first is off until set; a body without it keeps what is stored", async () => {
    const path = `/api/projects/${project.id}/settings`;
    const base = { name: "Shop EU", flowConfig: {}, allowedOrigins: [], identityVerification: false };
    const save = (body: object) => api.expectJson<AdminProjectSettings>("PUT", path, body, 200);
    expect((await api.getJson<AdminProjectSettings>(path)).featureRequestApproval).toBe(false);
    const on = await save({ ...base, featureRequestApproval: true });
    expect(on.featureRequestApproval).toBe(true);
    const kept = await save(base);
    expect(kept.featureRequestApproval).toBe(true);
    const [audit] = await api.sql`SELECT details FROM audit_log WHERE entity_id = ${project.id}
      AND action = ${"project.update"} AND details LIKE ${"%featureRequestApproval%"}`;
    expect(JSON.parse(String(audit?.details))).toMatchObject({ featureRequestApproval: true });
    await expectRefused(
      "PUT",
      path,
      { ...base, featureRequestApproval: "yes" },
      400,
      "featureRequestApproval",
    );
    const off = await save({ ...base, featureRequestApproval: false });
    expect(off.featureRequestApproval).toBe(false);
  });

  test("unknown flow-config keys, bad values and bad origins are 400s naming the field; nothing is written", async () => {
    const valid = { name: "Shop", flowConfig: {}, allowedOrigins: [], identityVerification: true };
    const path = `/api/projects/${project.id}/settings`;
    const unknown = await expectRefused(
      "PUT",
      path,
      { ...valid, flowConfig: { colour: "#fff" } },
      400,
      "flowConfig.colour",
    );
    expect(unknown.error).toBe("Unknown field flowConfig.colour");
    // Each case: the settings sent, and the field the 400 names.
    const refused: [settings: Record<string, unknown>, field: string][] = [
      [{ flowConfig: { color: "red; x: y" } }, "flowConfig.color"],
      [{ flowConfig: { borderRadius: 1.5 } }, "flowConfig.borderRadius"],
      [{ flowConfig: { feedbackButtonPosition: "TOP" } }, "flowConfig.feedbackButtonPosition"],
      [{ allowedOrigins: ["https://shop.example/app"] }, "allowedOrigins.0"],
      [{ allowedOrigins: ["javascript:alert(1)"] }, "allowedOrigins.0"],
    ];
    for (const [settings, field] of refused)
      await expectRefused("PUT", path, { ...valid, ...settings }, 400, field);
    await expectRefused("PUT", path, { ...valid, name: "   " }, 400, "name");
    await expectRefused("PUT", path, { ...valid, extra: true }, 400, "extra");
    await expectRefused("PUT", "/api/projects/missing/settings", valid, 404);
    await expectRefused("POST", "/api/projects/missing/secret/rotate", undefined, 404);
    await expectRefused("POST", "/api/projects", { name: "" }, 400, "name");
  });
});

describe("dashboard", () => {
  test("GET /api/dashboard carries the widget's figures", async () => {
    const nothing = {
      newReports: 0,
      openReports: 0,
      openConversations: 0,
      unreadConversations: 0,
      surveyResponses: 0,
    };
    const before = await api.getJson<DashboardWithWidget>("/api/dashboard");
    expect(before.widget).toEqual(nothing);
    const session = (await (await startSession("demo")).json()) as { gleapId: string; gleapHash: string };
    const headers = sessionHeaders(session, "application/json");
    for (let i = 0; i < 2; i++)
      await widget("/bugs/v2", {
        method: "POST",
        headers,
        body: JSON.stringify({ formData: { description: `d${i}` } }),
      });
    await widget("/conversations", { method: "POST", headers, body: JSON.stringify({ text: "Hello" }) });
    const [report] = await api.sql`SELECT id FROM feedback_reports ORDER BY created_at LIMIT 1`;
    await api.expectJson("PATCH", `/api/feedback/${report.id}`, { status: "DONE" }, 200);
    const after = await api.getJson<DashboardWithWidget>("/api/dashboard");
    expect(after.widget).toEqual({
      ...nothing,
      newReports: 2,
      openReports: 1,
      openConversations: 1,
      unreadConversations: 1,
    });
    expect(after.counts.users).toBeGreaterThan(0);
  });
});

describe("a new project's widget language", () => {
  test("is the visitor's browser: no fixed language, in the settings and in the widget's config", async () => {
    const created = await api.create<AdminProjectSettings>("/api/projects", { name: "Polyglot" });
    expect(created.flowConfig.localizationOptions).toEqual({ language: "", rtl: false });
    const config = (await (await widget(`/config/${created.sdkKey}?lang=ar-EG`)).json()) as {
      flowConfig: { localizationOptions: unknown };
      lang: string;
    };
    expect(config.flowConfig.localizationOptions).toEqual({ language: "", rtl: false });
    expect(config.lang).toBe("ar-EG");
    // The owner may fix one, and go back to the visitor's browser.
    const body = { name: "Polyglot", allowedOrigins: [], identityVerification: true };
    for (const language of ["de", ""]) {
      const saved = await api.expectJson<AdminProjectSettings>(
        "PUT",
        `/api/projects/${created.id}/settings`,
        { ...body, flowConfig: { localizationOptions: { language, rtl: false } } },
        200,
      );
      expect(saved.flowConfig.localizationOptions).toEqual({ language, rtl: false });
    }
  });
});

describe("the install panel's checks", () => {
  test("a new project does not wait for cookie consent; the setting is saved and reaches the widget's config", async () => {
    const project = await api.create<AdminProjectSettings>("/api/projects", { name: "Consent" });
    expect(project.flowConfig.requireCookieConsent).toBe(false);
    const config = async () =>
      (
        (await (await widget(`/config/${project.sdkKey}`)).json()) as {
          flowConfig: { requireCookieConsent: boolean };
        }
      ).flowConfig.requireCookieConsent;
    expect(await config()).toBe(false);
    const saved = await api.expectJson<AdminProjectSettings>(
      "PUT",
      `/api/projects/${project.id}/settings`,
      {
        name: project.name,
        flowConfig: { ...project.flowConfig, requireCookieConsent: true },
        allowedOrigins: [],
        identityVerification: true,
      },
      200,
    );
    expect(saved.flowConfig.requireCookieConsent).toBe(true);
    expect(await config()).toBe(true);
    await expectRefused(
      "PUT",
      `/api/projects/${project.id}/settings`,
      {
        name: "Consent",
        flowConfig: { requireCookieConsent: "yes" },
        allowedOrigins: [],
        identityVerification: true,
      },
      400,
      "flowConfig.requireCookieConsent",
    );
  });
});
