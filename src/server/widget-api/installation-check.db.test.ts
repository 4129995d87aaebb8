import { describe, expect, test } from "bun:test";
import type { AdminProjectSettings } from "../../shared/inbox-api.ts";
import type { Installation, InstallationList } from "../../shared/installations-api.ts";
import { defaultInstallationLimits } from "../domain/projects/installation-limits.ts";
import { createInstallationRecorder } from "../domain/projects/installations.ts";
import { startAdminApiTestClient } from "../test-support/admin-api-client.ts";
import { openStaffSocket } from "../test-support/staff-socket-client.ts";
import { startedBeforeAll } from "../test-support/test-lifecycle.ts";

/**
 * The install panel's check through HTTP: which widget requests record an origin for a project, how a
 * project's list makes room, how many new origins one address may add, and how the admin's list marks
 * an origin the allowed origins leave out. The ping is answered once its origin is recorded, so every
 * check reads the list right after the ping's answer.
 */
const api = startedBeforeAll(startAdminApiTestClient);

interface Session {
  sdkKey: string;
  gleapId: string;
  gleapHash: string;
}

const widget = (path: string, headers: Record<string, string>, body: unknown) =>
  fetch(`${api.server.mainUrl}/api/widget${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

async function newProject(name: string): Promise<AdminProjectSettings> {
  return api.create<AdminProjectSettings>("/api/projects", { name });
}

async function startSession(sdkKey: string, origin?: string): Promise<Session> {
  const response = await widget(
    "/sessions",
    { "Api-Token": sdkKey, ...(origin ? { Origin: origin } : {}) },
    {
      lang: "en",
    },
  );
  expect(response.status).toBe(200);
  return { sdkKey, ...((await response.json()) as { gleapId: string; gleapHash: string }) };
}

const pageView = (page: string) => ({ name: "pageView", date: new Date().toISOString(), data: { page } });

/** A ping as the SDK sends it, from `origin` (none: a client that sends no Origin). */
async function ping(session: Session, origin: string | null, events: unknown[]): Promise<Response> {
  const response = await widget(
    "/sessions/ping",
    {
      "Api-Token": session.sdkKey,
      "Gleap-Id": session.gleapId,
      "Gleap-Hash": session.gleapHash,
      ...(origin === null ? {} : { Origin: origin }),
    },
    { time: 3, events, opened: false, type: "js", sdkVersion: "14.6.7", ws: true },
  );
  return response;
}

async function installations(projectId: string): Promise<Installation[]> {
  const answer = await api.getJson<InstallationList>(`/api/projects/${projectId}/installations`);
  return answer.installations;
}

const originsOf = async (projectId: string) => (await installations(projectId)).map((seen) => seen.origin);

async function rowCount(projectId: string): Promise<number> {
  const [row] = await api.sql`SELECT count(*) AS n FROM widget_installations WHERE project_id = ${projectId}`;
  return Number((row as { n: unknown }).n);
}

/** This file's requests all come from one address: a test that adds origins starts its count afresh. */
async function forgetNewOriginCounts() {
  await api.sql`DELETE FROM rate_limit_counters WHERE key LIKE ${"installation-origins:%"}`;
}

describe("the installation check", () => {
  test("a forged Origin without its page is not recorded; a ping from the page's own origin is, and is announced", async () => {
    const project = await newProject("Proven");
    const session = await startSession(project.sdkKey, "https://forged.example");
    // A session start proves nothing: any holder of the SDK key may send any Origin.
    expect(await originsOf(project.id)).toEqual([]);

    const unproven: Array<[string | null, unknown[]]> = [
      ["https://forged.example", [{ name: "checkout", date: new Date().toISOString() }]],
      ["https://forged.example", [pageView("https://real-shop.example/cart")]],
      ["https://forged.example", [{ name: "pageView", data: { page: 42 } }]],
      ["https://forged.example", [{ name: "pageView", data: "https://forged.example/" }]],
      ["https://forged.example", [pageView("not a url")]],
      [null, [pageView("https://forged.example/")]],
      ["null", [pageView("https://forged.example/")]],
      ["https://forged.example/path", [pageView("https://forged.example/path")]],
    ];
    for (const [origin, events] of unproven) {
      const response = await ping(session, origin, events);
      expect(`${origin} ${JSON.stringify(events)} → ${response.status}`).toBe(
        `${origin} ${JSON.stringify(events)} → 200`,
      );
    }
    expect(await originsOf(project.id)).toEqual([]);

    const staff = await openStaffSocket(api.server.mainUrl, api.adminToken);
    try {
      expect(
        (
          await ping(session, "https://shop.example.com", [
            { name: "sessionStarted", date: new Date().toISOString() },
            pageView("https://shop.example.com/cart?step=2"),
          ])
        ).status,
      ).toBe(200);
      const push = await staff.push(
        "installation-seen",
        (seen) => seen.data.projectId === project.id && seen.data.origin === "https://shop.example.com",
      );
      expect(push.data).toMatchObject({ outsideAllowedOrigins: false });
      expect(push.data.lastSeenAt).toBe(push.data.firstSeenAt);
      expect(Date.parse(push.data.firstSeenAt)).toBeGreaterThan(Date.now() - 60_000);
    } finally {
      staff.close();
    }
    // Seen again (another tab, another page): still one entry.
    await ping(session, "https://shop.example.com", [pageView("https://shop.example.com/")]);
    expect(await originsOf(project.id)).toEqual(["https://shop.example.com"]);
  });

  test("a full list makes room: 100 made-up origins, then a real site is recorded and the stalest dropped", async () => {
    const project = await newProject("Crowded");
    const { originsPerProject } = defaultInstallationLimits;
    const start = Date.now() - 2 * 86_400_000;
    for (let index = 0; index < originsPerProject; index++) {
      // made-up-0 was seen longest ago.
      const at = new Date(start + index * 60_000).toISOString();
      await api.sql`INSERT INTO widget_installations (project_id, origin, first_seen_at, last_seen_at)
        VALUES (${project.id}, ${`https://made-up-${index}.example`}, ${at}, ${at})`;
    }
    const session = await startSession(project.sdkKey);
    expect(
      (await ping(session, "https://real-site.example", [pageView("https://real-site.example/")])).status,
    ).toBe(200);
    expect(await rowCount(project.id)).toBe(originsPerProject);
    const listed = await originsOf(project.id);
    expect(listed[0]).toBe("https://real-site.example");
    const [dropped] = await api.sql`SELECT origin FROM widget_installations
      WHERE project_id = ${project.id} AND origin = ${"https://made-up-0.example"}`;
    expect(dropped).toBeUndefined();
    const [kept] = await api.sql`SELECT origin FROM widget_installations
      WHERE project_id = ${project.id} AND origin = ${"https://made-up-1.example"}`;
    expect(kept).toBeDefined();
  });

  test("one client address adds at most 10 new origins an hour; the ones past it are not recorded", async () => {
    await forgetNewOriginCounts();
    const project = await newProject("Flooded");
    const session = await startSession(project.sdkKey);
    const { limit } = defaultInstallationLimits.newOriginsPerAddress;
    for (let index = 0; index <= limit; index++) {
      const origin = `https://flood-${index}.example`;
      expect((await ping(session, origin, [pageView(`${origin}/`)])).status).toBe(200);
    }
    expect(await rowCount(project.id)).toBe(limit);
    expect(await originsOf(project.id)).not.toContain(`https://flood-${limit}.example`);
    // Another project from the same address is no way around it.
    const other = await newProject("Flooded too");
    const otherSession = await startSession(other.sdkKey);
    await ping(otherSession, "https://one-more.example", [pageView("https://one-more.example/")]);
    expect(await rowCount(other.id)).toBe(0);
  });

  test("the admin's list marks an origin the project's allowed origins leave out", async () => {
    await forgetNewOriginCounts();
    const project = await newProject("Moved");
    const session = await startSession(project.sdkKey);
    await ping(session, "https://old-shop.example", [pageView("https://old-shop.example/")]);
    expect(await installations(project.id)).toMatchObject([
      { origin: "https://old-shop.example", outsideAllowedOrigins: false },
    ]);
    await api.expectJson(
      "PUT",
      `/api/projects/${project.id}/settings`,
      {
        name: project.name,
        flowConfig: project.flowConfig,
        allowedOrigins: ["https://new-shop.example"],
        identityVerification: project.identityVerification,
      },
      200,
    );
    await ping(session, "https://new-shop.example", [pageView("https://new-shop.example/")]);
    const listed = await installations(project.id);
    expect(listed.map(({ origin, outsideAllowedOrigins }) => [origin, outsideAllowedOrigins])).toEqual([
      ["https://new-shop.example", false],
      ["https://old-shop.example", true],
    ]);
  });

  test("a site still visited writes its last visit once an hour, so made-up origins push out only stale ones", async () => {
    const project = await newProject("Visited");
    let clock = Date.parse("2030-01-01T00:00:00.000Z");
    const failures: unknown[] = [];
    const recorder = createInstallationRecorder({
      sql: api.sql,
      fanout: api.server.fanout,
      limits: { ...defaultInstallationLimits, originsPerProject: 3 },
      onError: (error) => failures.push(error),
      now: () => clock,
    });
    const visit = (origin: string) =>
      recorder.pinged({ project, origin, events: [pageView(`${origin}/`)], ip: "198.51.100.7" });
    const lastSeen = async (origin: string) => {
      const [row] = await api.sql`SELECT last_seen_at FROM widget_installations
        WHERE project_id = ${project.id} AND origin = ${origin}`;
      return (row as { last_seen_at: string } | undefined)?.last_seen_at ?? null;
    };
    await visit("https://real.example");
    clock += 60_000;
    await visit("https://made-up-a.example");
    clock += 60_000;
    await visit("https://made-up-b.example");
    // Within the hour a visit writes nothing; past it, the visit is written.
    clock += 30 * 60_000;
    await visit("https://real.example");
    expect(await lastSeen("https://real.example")).toBe("2030-01-01T00:00:00.000Z");
    clock += 31 * 60_000;
    await visit("https://real.example");
    expect(await lastSeen("https://real.example")).toBe(new Date(clock).toISOString());
    clock += 60_000;
    await visit("https://made-up-c.example");
    expect((await originsOf(project.id)).sort()).toEqual([
      "https://made-up-b.example",
      "https://made-up-c.example",
      "https://real.example",
    ]);
    expect(failures).toEqual([]);
  });
});
