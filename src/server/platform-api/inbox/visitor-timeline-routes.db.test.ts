import { expect, test } from "bun:test";
import type { VisitorTimeline } from "../../../shared/visitor-timeline-api.ts";
import { expectError } from "../../test-support/api-calls.ts";
import { demoUserHash, startMessengerTest } from "../../test-support/messenger-test-support.ts";
import type { TestSession } from "../../test-support/outbound-test-support.ts";
import { createSignInAccount } from "../../test-support/sign-in-accounts.ts";
import { startedBeforeAll } from "../../test-support/test-lifecycle.ts";

const t = startedBeforeAll(startMessengerTest);

const chrome =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

const timeline = (sessionId: string, token?: string | null) =>
  t.api.call("GET", `/api/admin/visitors/${encodeURIComponent(sessionId)}/timeline`, undefined, token);

async function timelineOf(sessionId: string): Promise<VisitorTimeline> {
  const response = await timeline(sessionId);
  expect(response.status).toBe(200);
  return (await response.json()) as VisitorTimeline;
}

/** A visitor's session started the way a browser starts it, with its User-Agent. */
async function browserSession(): Promise<TestSession> {
  const response = await fetch(`${t.mainUrl}/api/widget/sessions`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Api-Token": "demo", "User-Agent": chrome },
    body: '{"lang":"de"}',
  });
  expect(response.status).toBe(200);
  return (await response.json()) as TestSession;
}

const fileReport = async (session: TestSession, description: string) =>
  (await t.report({ formData: { description }, metaData: { currentUrl: "http://shop.test/cart" } }, session))
    .id;

async function identify(session: TestSession, body: Record<string, unknown>): Promise<TestSession> {
  return t.widgetJson<TestSession>(session, "POST", "/sessions/identify", body, 200);
}

test("the session, its reports and conversations, and the report ↔ conversation link both ways", async () => {
  const visitor = await browserSession();
  await t.widget(visitor, "POST", "/sessions/ping", {
    time: 12,
    events: [
      { name: "pageView", date: new Date().toISOString(), data: { page: "http://shop.test/" } },
      { name: "pageView", date: new Date().toISOString(), data: { page: "http://shop.test/cart" } },
    ],
  });
  const first = await fileReport(visitor, "The cart forgets my coupon");
  const second = await fileReport(visitor, "Checkout button does nothing");
  const replied = await t.api.create<{ conversation: { id: string } }>(`/api/feedback/${first}/reply`, {
    text: "<p>Which coupon was it?</p>",
  });
  // A conversation the visitor started on their own answers no report.
  await t.widgetCreate(visitor, "/conversations", { text: "Also: where is my order?" });

  const answer = await timelineOf(visitor.gleapId);
  expect(answer.session).toMatchObject({
    id: visitor.gleapId,
    projectId: t.projectId,
    currentPage: "http://shop.test/cart",
    browser: "Chrome 131 on Linux",
    lang: "de",
    pageViews: 2,
    userVerified: false,
  });
  expect(Date.parse(answer.session.firstSeenAt)).toBeLessThanOrEqual(Date.parse(answer.session.lastSeenAt));
  expect(answer.reports.map((report) => [report.id, report.title, report.conversationId])).toEqual([
    [second, "Checkout button does nothing", null],
    [first, "The cart forgets my coupon", replied.conversation.id],
  ]);
  expect(answer.reports[0]?.shortId).toMatch(/^FB-\d+$/);
  expect(answer.conversations).toHaveLength(2);
  const aboutReport = answer.conversations.find((item) => item.id === replied.conversation.id);
  expect(aboutReport?.report?.id).toBe(first);
  expect(aboutReport?.report?.shortId).toBe(answer.reports[1]?.shortId ?? "");
  expect(aboutReport?.subject).toBe("Re: The cart forgets my coupon");
  expect(answer.conversations.find((item) => item.id !== replied.conversation.id)?.report).toBeNull();
  expect(answer.platformUser).toBeNull();
});

test("a platform user's profile only when the identity was verified with the project's user hash", async () => {
  const user = await createSignInAccount(t.api.sql, { name: "timeline-learner", password: "timeline-pw-1" });
  await t.api.sql`UPDATE users SET xp = ${500}, balance = ${42} WHERE id = ${user.id}`;
  await t.api.expectJson("PUT", `/api/users/${user.id}/bans/report-task`, { reason: "Spam", days: 7 }, 200);

  // Claimed without the hash (the demo project does not insist): the id shows, the account does not.
  const claimer = await identify(await browserSession(), { userId: user.id, name: "Not really" });
  const claimed = await timelineOf(claimer.gleapId);
  expect(claimed.session).toMatchObject({ userId: user.id, userVerified: false });
  expect(claimed.platformUser).toBeNull();
  expect(JSON.stringify(claimed)).not.toContain("timeline-learner");

  const verified = await identify(await browserSession(), {
    userId: user.id,
    userHash: await demoUserHash(t.api.sql, user.id),
    name: "Learner",
  });
  const answer = await timelineOf(verified.gleapId);
  expect(answer.session).toMatchObject({ userId: user.id, userVerified: true, name: "Learner" });
  expect(answer.platformUser).toMatchObject({
    id: user.id,
    name: "timeline-learner",
    enabled: true,
    xp: 500,
    level: 5,
    levelName: "Novice",
    balance: 42,
    bans: { createTask: null },
    reportedTasks: { total: 0, open: 0, latest: [] },
  });
  expect(answer.platformUser?.bans.reportTask?.endsAt).toBeString();

  // A verified id that names no account of ours (the host's own ids) shows no profile either.
  const stranger = await identify(await browserSession(), {
    userId: "shop-customer-17",
    userHash: await demoUserHash(t.api.sql, "shop-customer-17"),
  });
  expect((await timelineOf(stranger.gleapId)).platformUser).toBeNull();
});

test("a session merged into the user's own answers as that session", async () => {
  const userId = "merged-visitor";
  const userHash = await demoUserHash(t.api.sql, userId);
  const home = await identify(await browserSession(), { userId, userHash });
  const away = await browserSession();
  const report = await fileReport(away, "Filed before signing in");
  await identify(away, { userId, userHash });
  const answer = await timelineOf(away.gleapId);
  expect(answer.session.id).toBe(home.gleapId);
  expect(answer.reports.map((item) => item.id)).toContain(report);
});

test("an unknown session is a 404 with a clear message", async () => {
  await expectError(await timeline("no-such-session"), 404, { error: "Visitor session not found" });
});

test("admins only", async () => {
  expect((await timeline("no-such-session", null)).status).toBe(401);
  expect((await timeline("no-such-session", t.api.userToken)).status).toBe(403);
});
