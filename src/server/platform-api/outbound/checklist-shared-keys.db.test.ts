import { describe, expect, test } from "bun:test";
import type { SharedKeyResult } from "../../../shared/checklist-shared-key-api.ts";
import type { AdminOutbound } from "../../../shared/inbox-api.ts";
import { type AdminApiTestClient, startAdminApiTestClient } from "../../test-support/admin-api-client.ts";
import { call, demoProjectId, startSession } from "../../test-support/outbound-test-support.ts";
import { startBeforeAll } from "../../test-support/test-lifecycle.ts";

/**
 * A checklist's shared keys come from the admin (`POST …/outbounds/{id}/shared-keys`), signed
 * by the server; the site puts one on the page and its visitors share one instance. A key a visitor
 * makes up is refused by the widget API.
 */

let api: AdminApiTestClient;
let projectId = "";
let checklist: AdminOutbound;

startBeforeAll(startAdminApiTestClient, async (started) => {
  api = started;
  projectId = await demoProjectId(api.sql);
  checklist = await api.create<AdminOutbound>(`/api/projects/${projectId}/outbounds`, {
    type: "checklist",
    name: "Team onboarding",
    config: { subject: "Start", steps: [{ id: "a", title: "A" }] },
  });
  await api.expectJson(
    "POST",
    `/api/projects/${projectId}/outbounds/${checklist.id}/publish`,
    undefined,
    200,
  );
});

const keysPath = (id: string, project = projectId) => `/api/projects/${project}/outbounds/${id}/shared-keys`;

async function openWith(sharedKey: string) {
  const session = await startSession(api.server.mainUrl);
  const response = await call(api.server.mainUrl, session, "POST", "/outbound/checklists", {
    outboundId: checklist.id,
    sharedKey,
  });
  return { status: response.status, body: (await response.json()) as { id?: string; error?: string } };
}

describe("shared checklist keys", () => {
  test("an admin issues one per group; sessions with it share one instance, a made-up key is refused", async () => {
    const issued = await api.expectJson<SharedKeyResult>(
      "POST",
      keysPath(checklist.id),
      { name: "acme-42" },
      200,
    );
    expect(issued.name).toBe("acme-42");
    expect(issued.sharedKey).toStartWith("acme-42.");
    // The same name gives the same key; another name another one.
    const again = await api.expectJson<SharedKeyResult>(
      "POST",
      keysPath(checklist.id),
      { name: "acme-42" },
      200,
    );
    expect(again.sharedKey).toBe(issued.sharedKey);
    const other = await api.expectJson<SharedKeyResult>(
      "POST",
      keysPath(checklist.id),
      { name: "acme-7" },
      200,
    );
    expect(other.sharedKey).not.toBe(issued.sharedKey);

    const first = await openWith(issued.sharedKey);
    const second = await openWith(issued.sharedKey);
    expect(first.status).toBe(200);
    expect(second.body.id).toBe(first.body.id ?? "");
    expect((await openWith(other.sharedKey)).body.id).not.toBe(first.body.id ?? "");

    const madeUp = await openWith("acme-42");
    expect(madeUp.status).toBe(403);
    expect(madeUp.body.error).toContain("not issued for this checklist");
  });

  test("only admins issue keys, only for a checklist of the project, with a plain group name", async () => {
    const tour = await api.create<AdminOutbound>(`/api/projects/${projectId}/outbounds`, {
      type: "tour",
      name: "T",
      config: { steps: [{ message: "Hi" }] },
    });
    const status = async (path: string, body: unknown, token?: string | null) => {
      const response = await api.call("POST", path, body, token);
      await response.body?.cancel();
      return response.status;
    };
    expect(await status(keysPath(checklist.id), { name: "a" }, null)).toBe(401);
    expect(await status(keysPath(checklist.id), { name: "a" }, api.userToken)).toBe(403);
    expect(await status(keysPath(tour.id), { name: "a" })).toBe(400);
    expect(await status(keysPath("no-such-checklist"), { name: "a" })).toBe(404);
    expect(await status(keysPath(checklist.id, "no-such-project"), { name: "a" })).toBe(404);
    for (const name of ["", "a b", ".starts-with-dot", "x".repeat(101), "<script>"])
      expect(`${JSON.stringify(name)} → ${await status(keysPath(checklist.id), { name })}`).toBe(
        `${JSON.stringify(name)} → 400`,
      );
    expect(await status(keysPath(checklist.id), { name: "a", extra: 1 })).toBe(400);
  });
});
