import { describe, expect, test } from "bun:test";
import type { AdminFeatureRequest, FeatureRequest } from "../../../shared/feature-requests-api.ts";
import type { AdminProjectSettings } from "../../../shared/inbox-api.ts";
import { toggleVote } from "../../test-support/feature-request-votes.ts";
import { type MessengerTest, startMessengerTest } from "../../test-support/messenger-test-support.ts";
import type { TestSession } from "../../test-support/outbound-test-support.ts";
import { startedBeforeAll } from "../../test-support/test-lifecycle.ts";
import { defaultFeatureRequestLimits } from "./feature-requests-limits.ts";

/**
 * Visitors' feature requests were public at once and unlimited (60 spam requests from one
 * session were accepted). Each test server here is its own, since the per-IP quota and the project's
 * approval setting would otherwise reach into other tests.
 */

const limits = defaultFeatureRequestLimits;

async function countOf(t: MessengerTest, sessionId: string): Promise<number> {
  const [{ n }] = await t.api.sql`SELECT count(*) AS n FROM feature_requests WHERE session_id = ${sessionId}`;
  return Number(n);
}

const suggest = (t: MessengerTest, session: TestSession, title: string) =>
  t.widget(session, "POST", "/feature-requests", { title });

describe("quotas", () => {
  const t = startedBeforeAll(startMessengerTest);

  test("of 60 requests from one session only the day's quota is stored; the rest are 429 with Retry-After", async () => {
    const spammer = await t.session();
    const statuses: number[] = [];
    let refused: Response | null = null;
    for (let index = 0; index < 60; index++) {
      const response = await suggest(t, spammer, `Spam idea number ${index}`);
      statuses.push(response.status);
      if (response.status === 429) refused ??= response;
      else await response.text();
    }
    expect(statuses.filter((status) => status === 201)).toHaveLength(limits.sessionRequestsPerDay);
    expect(statuses.filter((status) => status === 429)).toHaveLength(60 - limits.sessionRequestsPerDay);
    expect(await countOf(t, spammer.gleapId)).toBe(limits.sessionRequestsPerDay);
    if (!refused) throw new Error("nothing was refused");
    const retryAfter = Number(refused.headers.get("retry-after"));
    // The oldest request leaves the 24 hours first: a day, less the seconds the loop took.
    expect(retryAfter).toBeGreaterThan(24 * 3600 - 120);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
    expect(refused.headers.get("access-control-expose-headers")).toBe("Retry-After");
    expect(((await refused.json()) as { error: string }).error).toBe(
      `You can suggest at most ${limits.sessionRequestsPerDay} features a day`,
    );
    // Another visitor is not held back by the spammer's quota.
    expect((await suggest(t, await t.session(), "A real idea")).status).toBe(201);
  });

  test("parallel submits of one session cannot all slip under the quota", async () => {
    const racer = await t.session();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) => suggest(t, racer, `Parallel idea ${index}`)),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.every((status) => status === 201 || status === 429)).toBe(true);
    expect(await countOf(t, racer.gleapId)).toBeLessThanOrEqual(limits.sessionRequestsPerDay);
  });

  test("votes: past the per-minute rate a toggle is refused with 429 and changes nothing", async () => {
    const author = await t.session();
    const created = (await (await suggest(t, author, "Vote target")).json()) as FeatureRequest;
    const voter = await t.session();
    for (let index = 0; index < limits.sessionVotesPerMinute; index++) {
      const response = await t.widget(voter, "POST", `/feature-requests/${created.id}/vote`);
      expect(response.status).toBe(200);
    }
    const refused = await t.widget(voter, "POST", `/feature-requests/${created.id}/vote`);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // An even number of toggles took the vote back: the refused one did not cast it again.
    const [{ n }] = await t.api.sql`SELECT count(*) AS n FROM feature_request_votes
      WHERE feature_request_id = ${created.id} AND session_id = ${voter.gleapId}`;
    expect(Number(n)).toBe(limits.sessionVotesPerMinute % 2);
  });
});

describe("per-IP quota", () => {
  const t = startedBeforeAll(startMessengerTest);

  test("new sessions do not get around it: past the IP's hourly quota every session is refused", async () => {
    let stored = 0;
    let refused: Response | null = null;
    // Sessions are cheap, so a flood switches to a new one before its own quota is used up.
    while (!refused) {
      const session = await t.session();
      for (let index = 0; index < limits.sessionRequestsPerDay - 1 && !refused; index++) {
        const response = await suggest(t, session, `Flood ${stored} ${index}`);
        if (response.status === 201) stored++;
        else refused = response;
      }
      if (stored > limits.ipRequestsPerHour) throw new Error("the IP quota did not hold");
    }
    expect(stored).toBe(limits.ipRequestsPerHour);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("approve before public", () => {
  const t = startedBeforeAll(startMessengerTest);

  async function setApproval(on: boolean): Promise<AdminProjectSettings> {
    const path = `/api/projects/${t.projectId}/settings`;
    const current = await t.api.getJson<AdminProjectSettings>(path);
    return t.api.expectJson<AdminProjectSettings>(
      "PUT",
      path,
      {
        name: current.name,
        flowConfig: {},
        allowedOrigins: current.allowedOrigins,
        identityVerification: current.identityVerification,
        featureRequestApproval: on,
      },
      200,
    );
  }

  const board = async (session: TestSession) =>
    (await t.widgetGet<FeatureRequest[]>(session, "/feature-requests?sort=new")).map((request) => request.id);

  test("off (the default): a new request is on everyone's board at once, as before", async () => {
    const author = await t.session();
    const created = await t.widgetCreate<FeatureRequest>(author, "/feature-requests", {
      title: "Public at once",
    });
    expect(created.pending).toBe(false);
    expect(await board(await t.session())).toContain(created.id);
  });

  test("on: only the author sees the request until an admin approves it; then everyone does", async () => {
    expect((await setApproval(true)).featureRequestApproval).toBe(true);
    try {
      const author = await t.session();
      const created = await t.widgetCreate<FeatureRequest>(author, "/feature-requests", {
        title: "Wait for the admin",
        description: "Spam or not?",
      });
      expect(created).toMatchObject({ pending: true, votes: 1, voted: true });
      expect(await board(author)).toContain(created.id);

      const other = await t.session();
      expect(await board(other)).not.toContain(created.id);
      expect((await t.widget(other, "POST", `/feature-requests/${created.id}/vote`)).status).toBe(404);
      const [{ approved }] = await t.api.sql`SELECT approved FROM feature_requests WHERE id = ${created.id}`;
      expect(Boolean(approved)).toBe(false);

      // The admin lists what waits, and approves it (audited).
      const pending = await t.adminGet<{ items: AdminFeatureRequest[]; total: number }>(
        "/feature-requests/pending",
      );
      expect(pending.items.map((item) => item.id)).toEqual([created.id]);
      expect(pending.items[0]).toMatchObject({ approved: false, sessionId: author.gleapId });
      const approvedRequest = await t.admin<AdminFeatureRequest>(
        "POST",
        `/feature-requests/${created.id}/approve`,
        undefined,
        200,
      );
      expect(approvedRequest).toMatchObject({ id: created.id, approved: true });
      const [audit] = await t.api.sql`SELECT action, actor_id FROM audit_log
        WHERE entity_id = ${created.id} AND action = ${"feature_request.approve"}`;
      expect(audit?.actor_id).toBe(t.api.adminId);
      expect((await t.adminGet<{ items: AdminFeatureRequest[] }>("/feature-requests/pending")).items).toEqual(
        [],
      );

      expect(await board(other)).toContain(created.id);
      const voted = await toggleVote(t, other, created.id);
      expect(voted).toMatchObject({ pending: false, votes: 2, voted: true });
    } finally {
      await setApproval(false);
    }
  });

  test("approving needs an admin, and an unknown request or project is a 404", async () => {
    const author = await t.session();
    const { id } = await t.widgetCreate<FeatureRequest>(author, "/feature-requests", {
      title: "Someone's idea",
    });
    const approve = `/api/projects/${t.projectId}/feature-requests/${id}/approve`;
    expect((await t.api.call("POST", approve, undefined, null)).status).toBe(401);
    expect((await t.api.call("POST", approve, undefined, t.api.userToken)).status).toBe(403);
    expect(
      (await t.api.call("GET", `/api/projects/${t.projectId}/feature-requests/pending`, undefined, null))
        .status,
    ).toBe(401);
    expect(
      (await t.api.call("POST", `/api/projects/${t.projectId}/feature-requests/nope/approve`)).status,
    ).toBe(404);
    expect((await t.api.call("POST", `/api/projects/nope/feature-requests/${id}/approve`)).status).toBe(404);
    expect(
      (await t.api.call("GET", `/api/projects/${t.projectId}/feature-requests/pending?sort=bogus`)).status,
    ).toBe(400);
    // The kind's own detail route still answers for real ids.
    expect((await t.api.call("GET", `/api/projects/${t.projectId}/feature-requests/${id}`)).status).toBe(200);
  });
});
