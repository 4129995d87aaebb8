import type { APIRequestContext } from "@playwright/test";
import type { AdminProjectSettings, ProjectSettingsWrite } from "../../src/shared/inbox-api.ts";
import { adminHeaders, demoAsAdmin } from "./admin-api.ts";
import { test } from "./spec-test.ts";

async function saveDemoSettings(
  request: APIRequestContext,
  headers: Record<string, string>,
  settings: AdminProjectSettings,
) {
  const write: ProjectSettingsWrite = {
    name: settings.name,
    flowConfig: settings.flowConfig,
    allowedOrigins: settings.allowedOrigins,
    identityVerification: settings.identityVerification,
    featureRequestApproval: settings.featureRequestApproval,
    autoAssign: settings.autoAssign,
  };
  const saved = await request.put(`/api/projects/${settings.id}/settings`, { headers, data: write });
  if (!saved.ok()) throw new Error(`saving the demo settings: ${saved.status()} ${await saved.text()}`);
}

/**
 * The demo project records no web replay by default: a spec that calls this at its top turns it on
 * before its tests and puts the settings back after them. Through the admin API, not the database:
 * the server keeps projects in memory and only the settings route tells it (a hand-written row stays
 * unseen for up to 30 s, and the replay with it).
 */
export function recordDemoWebReplaysInThisSpec(): void {
  let demoSettings: AdminProjectSettings | null = null;

  test.beforeAll(async ({ request }) => {
    const { headers, demo } = await demoAsAdmin(request);
    const response = await request.get(`/api/projects/${demo.id}/settings`, { headers });
    const settings = (await response.json()) as AdminProjectSettings;
    demoSettings = settings;
    await saveDemoSettings(request, headers, {
      ...settings,
      flowConfig: { ...settings.flowConfig, enableWebReplays: true },
    });
  });

  test.afterAll(async ({ request }) => {
    if (demoSettings) await saveDemoSettings(request, await adminHeaders(request), demoSettings);
  });
}
