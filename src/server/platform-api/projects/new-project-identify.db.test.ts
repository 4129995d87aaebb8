import { describe, expect, test } from "bun:test";
import { createHmac } from "node:crypto";
import type { AdminProjectSettings } from "../../../shared/inbox-api.ts";
import type { WidgetSession } from "../../../shared/widget-session-api.ts";
import { startAdminApiTestClient } from "../../test-support/admin-api-client.ts";
import { expectError } from "../../test-support/api-calls.ts";
import { startedBeforeAll } from "../../test-support/test-lifecycle.ts";

/**
 * A site owner's first identify, as Gleap's own default has it: a project made in the admin takes
 * `identify(id, {name, email})` without a hash at once, and refuses it, naming the setting, once the
 * admin turns identity verification on.
 */

const api = startedBeforeAll(startAdminApiTestClient);

const widget = (path: string, sdkKey: string, session?: WidgetSession, body: unknown = {}) =>
  fetch(`${api.server.mainUrl}/api/widget${path}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "Api-Token": sdkKey,
      ...(session ? { "Gleap-Id": session.gleapId, "Gleap-Hash": session.gleapHash } : {}),
    },
    body: JSON.stringify(body),
  });

async function newSession(sdkKey: string): Promise<WidgetSession> {
  const response = await widget("/sessions", sdkKey, undefined, { lang: "en" });
  expect(response.status).toBe(200);
  return (await response.json()) as WidgetSession;
}

async function storedUser(session: WidgetSession) {
  const [row] = await api.sql`SELECT user_id, name, email FROM widget_sessions WHERE id = ${session.gleapId}`;
  return { userId: row.user_id, name: row.name, email: row.email };
}

const rosa = { userId: "u1", name: "Rosa", email: "rosa@example.com" };

describe("identify on a project made in the admin", () => {
  let project: AdminProjectSettings;

  test("a new project has identity verification off and takes identify without a hash: 200 with the name and e-mail", async () => {
    project = await api.create<AdminProjectSettings>("/api/projects", { name: "Rosa's shop" });
    expect(project.identityVerification).toBe(false);
    const session = await newSession(project.sdkKey);

    const response = await widget("/sessions/identify", project.sdkKey, session, rosa);

    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ gleapId: session.gleapId, ...rosa });
    expect(await storedUser(session)).toEqual(rosa);
  });

  test("with verification switched on, an unsigned identify is refused with 401 naming the setting; a signed one is taken", async () => {
    const saved = await api.expectJson<AdminProjectSettings>(
      "PUT",
      `/api/projects/${project.id}/settings`,
      { name: project.name, flowConfig: {}, allowedOrigins: [], identityVerification: true },
      200,
    );
    expect(saved.identityVerification).toBe(true);
    const session = await newSession(project.sdkKey);

    await expectError(await widget("/sessions/identify", project.sdkKey, session, rosa), 401, {
      error: "Invalid user hash for this user id (identity verification is on for this project)",
      field: "userHash",
    });
    expect(await storedUser(session)).toEqual({ userId: null, name: null, email: null });

    const userHash = createHmac("sha256", project.identitySecret).update(rosa.userId).digest("hex");
    const signed = await widget("/sessions/identify", project.sdkKey, session, { ...rosa, userHash });
    expect(signed.status).toBe(200);
    expect(await storedUser(session)).toEqual(rosa);
  });
});
