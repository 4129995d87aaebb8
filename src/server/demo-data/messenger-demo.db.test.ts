import { describe, expect, test } from "bun:test";
import { createHmac } from "node:crypto";
import type { SQL } from "bun";
import { is } from "superstruct";
import { BotWrite } from "../../shared/bots-api.ts";
import { FeedbackFlowWrite } from "../../shared/feedback-flows-api.ts";
import type { HelpSearchResult } from "../../shared/help-center-api.ts";
import type { MessengerHome } from "../../shared/messenger-home-api.ts";
import { SurveyWrite } from "../../shared/surveys-api.ts";
import { countUnreadMessages } from "../domain/conversations/conversations-repository.ts";
import { call, startSession, type TestSession } from "../test-support/outbound-test-support.ts";
import { startBeforeAll } from "../test-support/test-lifecycle.ts";
import { startTestServer, type TestServer } from "../test-support/test-server.ts";
import { demoGuidesChecklistId } from "./guides-demo.ts";
import { demoBot, demoChecklistId, demoFlows, demoSurvey, demoUuid } from "./messenger-demo.ts";

const count = async (query: Promise<unknown>) => Number(((await query) as Array<{ n: unknown }>)[0]?.n);

describe("messenger demo content, minimal (the server tests' data set)", () => {
  let server: TestServer;
  startBeforeAll(startTestServer, (started) => {
    server = started;
  });

  test("the three default flows exist and are live, and nothing else is seeded", async () => {
    const sql = server.db.sql;
    const rows =
      await sql`SELECT flow_key, feedback_type, status, fields FROM feedback_flows ORDER BY position`;
    expect(
      rows.map((row: { flow_key: string; feedback_type: string; status: string }) => [
        row.flow_key,
        row.feedback_type,
        row.status,
      ]),
    ).toEqual([
      ["bugreporting", "BUG", "live"],
      ["featurerequest", "FEATURE_REQUEST", "live"],
      ["contact", "INQUIRY", "live"],
    ]);
    const fields = (key: string) =>
      (
        JSON.parse(rows.find((row: { flow_key: string }) => row.flow_key === key).fields) as Array<{
          key: string;
          type: string;
          required?: boolean;
        }>
      ).map((field) => `${field.key}:${field.type}${field.required ? "!" : ""}`);
    expect(fields("bugreporting")).toEqual(["description:textarea!", "reportedBy:email", "capture:capture"]);
    expect(fields("featurerequest")).toEqual(["title:text!", "description:textarea!"]);
    expect(fields("contact")).toEqual(["name:text!", "reportedBy:email!", "description:textarea!"]);
    for (const table of [
      "help_articles",
      "news_posts",
      "surveys",
      "bots",
      "feature_requests",
      "conversations",
    ])
      expect(await count(sql`SELECT count(*) AS n FROM ${sql(table)}`)).toBe(0);
  });

  test("the seeded flows are valid writes (the admin can save them unchanged)", () => {
    for (const flow of demoFlows) expect(is(flow, FeedbackFlowWrite)).toBe(true);
    expect(is(demoBot, BotWrite)).toBe(true);
    expect(is(demoSurvey, SurveyWrite)).toBe(true);
  });
});

describe("messenger demo content, full (the e2e server's data set)", () => {
  let server: TestServer;
  let sql: SQL;
  startBeforeAll(
    () => startTestServer({ DEMO_DATA: "full" }),
    (started) => {
      server = started;
      sql = server.db.sql;
    },
  );

  test("help center, news, survey with answers, bot, checklist and feature requests", async () => {
    expect(await count(sql`SELECT count(*) AS n FROM help_collections`)).toBe(2);
    expect(await count(sql`SELECT count(*) AS n FROM help_articles WHERE status = 'live'`)).toBe(6);
    expect(await count(sql`SELECT count(*) AS n FROM news_posts WHERE status = 'live'`)).toBe(3);
    // The seeded news notification opens a real post.
    const [notification] =
      await sql`SELECT config FROM widget_outbounds WHERE name = ${"News: offline spaces"}`;
    const newsId = JSON.parse(notification.config).news.id;
    expect(await count(sql`SELECT count(*) AS n FROM news_posts WHERE id = ${newsId}`)).toBe(1);
    expect(await count(sql`SELECT count(*) AS n FROM survey_answers`)).toBe(8);
    expect(await count(sql`SELECT count(*) AS n FROM bots WHERE status = 'live'`)).toBe(1);
    const [checklist] = await sql`SELECT type, status FROM widget_outbounds WHERE id = ${demoChecklistId}`;
    expect(checklist).toEqual({ type: "checklist", status: "live" });
    const statuses = await sql`SELECT DISTINCT status FROM feature_requests ORDER BY status`;
    expect(statuses.map((row: { status: string }) => row.status)).toEqual([
      "declined",
      "done",
      "in_progress",
      "open",
      "planned",
    ]);
    const votes = await sql`SELECT f.id, count(v.session_id) AS n FROM feature_requests f
      LEFT JOIN feature_request_votes v ON v.feature_request_id = f.id GROUP BY f.id`;
    expect(new Set(votes.map((row: { n: unknown }) => Number(row.n))).size).toBeGreaterThan(3);
  });

  test("one conversation with a staff reply its visitor has not read", async () => {
    const [conversation] = await sql`SELECT * FROM conversations`;
    expect(conversation.subject).toBe("Shared space not syncing on my iPad");
    const messages = await sql`SELECT author, staff_user_id FROM conversation_messages
      WHERE conversation_id = ${conversation.id} ORDER BY id`;
    expect(messages.map((row: { author: string }) => row.author)).toEqual(["visitor", "staff"]);
    const [admin] = await sql`SELECT id FROM users WHERE email = ${"admin@example.com"}`;
    expect(messages[1].staff_user_id).toBe(admin.id);
    expect(await countUnreadMessages(sql, conversation.session_id)).toBe(1);
  });

  test("a visitor of the demo project sees it all on the home screen and in search", async () => {
    const session = await startSession(server.mainUrl);
    const home = (await (
      await call(server.mainUrl, session, "GET", "/messenger/home")
    ).json()) as MessengerHome;
    expect(home.flows.map((flow) => flow.key)).toEqual(["bugreporting", "featurerequest", "contact"]);
    expect(home.news.map((post) => post.id)).toEqual([
      "demo-notes-3",
      "demo-offline-spaces",
      "demo-faster-search",
    ]);
    // The guides demo (guides-demo.ts) adds the checklist of the demo pages' <gleap-checklist>.
    expect(home.checklists.map((entry) => entry.outboundId)).toEqual([
      demoChecklistId,
      demoGuidesChecklistId,
    ]);
    expect(home.hasHelpCenter).toBe(true);
    expect(home.hasFeatureRequests).toBe(true);
    expect(home.conversation).toBeNull();
    const search = (await (
      await call(server.mainUrl, session, "GET", "/help/search?q=offline")
    ).json()) as HelpSearchResult[];
    expect(search[0]?.id).toBe("demo-article-offline");
  });

  test("Maya, identified from a new browser with her signed id, continues her conversation; unsigned, she does not", async () => {
    const [project] = await sql`SELECT secret FROM widget_projects WHERE sdk_key = ${"demo"}`;
    const userHash = createHmac("sha256", project.secret).update("maya-chen").digest("hex");
    const homeAfter = async (identify: Record<string, unknown>) => {
      const fresh = await startSession(server.mainUrl);
      const identified = await call(server.mainUrl, fresh, "POST", "/sessions/identify", {
        userId: "maya-chen",
        ...identify,
      });
      expect(identified.status).toBe(200);
      const session = (await identified.json()) as TestSession;
      return (await (await call(server.mainUrl, session, "GET", "/messenger/home")).json()) as MessengerHome;
    };
    expect((await homeAfter({})).conversation).toBeNull();
    expect((await homeAfter({ userHash })).conversation?.subject).toBe("Shared space not syncing on my iPad");
  });

  test("demo ids sort like the server's UUIDv7 ids", () => {
    expect(demoUuid(1000, 1) < demoUuid(2000, 0)).toBe(true);
    expect(demoUuid(Date.parse("2026-11-01T00:00:00Z"), 2) < Bun.randomUUIDv7()).toBe(true);
    expect(demoUuid(0, 0)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-8[0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
