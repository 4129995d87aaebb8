import { beforeAll, describe, expect, test } from "bun:test";
import type { AdminBot } from "../../../shared/bots-api.ts";
import type { FeatureRequest } from "../../../shared/feature-requests-api.ts";
import type { AdminFeedbackFlow, FeedbackFlow } from "../../../shared/feedback-flows-api.ts";
import type {
  AdminHelpArticle,
  AdminHelpCollection,
  HelpArticle,
  HelpArticleSummary,
  HelpCollection,
  HelpSearchResult,
} from "../../../shared/help-center-api.ts";
import type { ChecklistSummary, MessengerHome } from "../../../shared/messenger-home-api.ts";
import type { AdminNewsPost, NewsPost, NewsSummary } from "../../../shared/news-api.ts";
import type { AdminSurvey, Survey } from "../../../shared/surveys-api.ts";
import { createOutbound } from "../../domain/outbounds/outbound-repository.ts";
import { expectError } from "../../test-support/api-calls.ts";
import { toggleVote } from "../../test-support/feature-request-votes.ts";
import { demoUserHash, hostileHtml, startMessengerTest } from "../../test-support/messenger-test-support.ts";
import { createOtherProject } from "../../test-support/outbound-test-support.ts";
import { startedBeforeAll } from "../../test-support/test-lifecycle.ts";

const t = startedBeforeAll(startMessengerTest);

const flowBody = (key: string, extra: Record<string, unknown> = {}) => ({
  key,
  title: `Flow ${key}`,
  feedbackType: "BUG",
  fields: [{ key: "description", type: "textarea", label: "What happened?", required: true }],
  status: "live",
  ...extra,
});

describe("feedback flows", () => {
  test("the seeded bugreporting flow, by key and without case", async () => {
    const session = await t.session();
    const flow = await t.widgetGet<FeedbackFlow>(session, "/flows/bugreporting");
    expect(flow.feedbackType).toBe("BUG");
    expect(flow.fields.map((field) => [field.key, field.type, field.required ?? false])).toEqual([
      ["description", "textarea", true],
      ["reportedBy", "email", false],
      ["capture", "capture", false],
    ]);
    expect(flow).not.toHaveProperty("status");
    expect((await t.widgetGet<FeedbackFlow>(session, "/flows/BugReporting")).id).toBe(flow.id);
  });

  test("a draft flow, an unknown key and another project's flow are 404s", async () => {
    const session = await t.session();
    await t.create("/feedback-flows", flowBody("draftflow", { status: "draft" }));
    expect((await t.widget(session, "GET", "/flows/draftflow")).status).toBe(404);
    expect((await t.widget(session, "GET", "/flows/nothing")).status).toBe(404);
    const other = await createOtherProject(t.api.sql);
    await t.api.create(`/api/projects/${other}/feedback-flows`, flowBody("otherflow"));
    expect((await t.widget(session, "GET", "/flows/otherflow")).status).toBe(404);
  });
});

describe("bots", () => {
  test("a live bot with its steps; a draft one is a 404", async () => {
    const session = await t.session();
    const steps = [
      {
        id: "start",
        type: "buttons",
        text: "<p>Hi<script>x</script></p>",
        buttons: [{ label: "Human", next: "ask" }],
      },
      { id: "ask", type: "collect", field: { key: "email", label: "Email", type: "email" }, next: "over" },
      { id: "over", type: "handover" },
    ];
    const live = await t.create<AdminBot>("/bots", { name: "Guide", status: "live", steps });
    const bot = await t.widgetJson<{ name: string; steps: Array<{ text?: string }> }>(
      session,
      "GET",
      `/bots/${live.id}`,
      undefined,
      200,
    );
    expect(bot.name).toBe("Guide");
    expect(bot.steps[0]?.text).toBe("<p>Hi</p>");
    const draft = await t.create<AdminBot>("/bots", { name: "Draft", status: "draft", steps });
    expect((await t.widget(session, "GET", `/bots/${draft.id}`)).status).toBe(404);
  });
});

const surveyBody = (allowMultipleAnswers: boolean, status = "live") => ({
  title: "Quick survey",
  allowMultipleAnswers,
  status,
  questions: [
    { id: "nps", type: "nps", title: "Recommend us?", required: true },
    { id: "stars", type: "rating", title: "Rate", scale: 5 },
    { id: "pick", type: "single", title: "Pick one", options: ["A", "B"] },
    { id: "many", type: "multiple", title: "Pick some", options: ["X", "Y"] },
    { id: "say", type: "text", title: "Anything else?" },
  ],
});

describe("surveys", () => {
  test("answered once: 201, then 409 and still one row; the survey then says answered", async () => {
    const survey = await t.create<AdminSurvey>("/surveys", surveyBody(false));
    const session = await t.session();
    const before = await t.widgetGet<Survey>(session, `/surveys/${survey.id}`);
    expect(before.answered).toBe(false);
    expect(before.questions).toHaveLength(5);
    const answers = { nps: 9, stars: 4, pick: "A", many: ["X", "Y"], say: "Great" };
    const created = await t.widgetCreate<{ id: string }>(session, `/surveys/${survey.id}/answers`, {
      answers,
    });
    expect(created.id).toBeString();
    await expectError(await t.widget(session, "POST", `/surveys/${survey.id}/answers`, { answers }), 409, {
      error: "You have answered this survey already",
    });
    const rows = await t.api.sql`SELECT answers FROM survey_answers WHERE survey_id = ${survey.id}`;
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0].answers)).toEqual(answers);
    expect((await t.widgetGet<Survey>(session, `/surveys/${survey.id}`)).answered).toBe(true);
    // Another session answers for itself.
    await t.widgetCreate(await t.session(), `/surveys/${survey.id}/answers`, { answers: { nps: 3 } });
  });

  test("two answers sent at once still leave one row", async () => {
    const survey = await t.create<AdminSurvey>("/surveys", surveyBody(false));
    const session = await t.session();
    const statuses = await Promise.all(
      Array.from({ length: 5 }, () =>
        t
          .widget(session, "POST", `/surveys/${survey.id}/answers`, { answers: { nps: 5 } })
          .then((r) => r.status),
      ),
    );
    expect(statuses.sort()).toEqual([201, 409, 409, 409, 409]);
    const [{ n }] = await t.api.sql`SELECT count(*) AS n FROM survey_answers WHERE survey_id = ${survey.id}`;
    expect(Number(n)).toBe(1);
  });

  test("a survey that allows more takes every answer", async () => {
    const survey = await t.create<AdminSurvey>("/surveys", surveyBody(true));
    const session = await t.session();
    for (const nps of [1, 2]) {
      await t.widgetCreate(session, `/surveys/${survey.id}/answers`, { answers: { nps } });
    }
    const [{ n }] = await t.api.sql`SELECT count(*) AS n FROM survey_answers WHERE survey_id = ${survey.id}`;
    expect(Number(n)).toBe(2);
  });

  test("invalid answers are 400s naming the question, and store nothing", async () => {
    const survey = await t.create<AdminSurvey>("/surveys", surveyBody(false));
    const session = await t.session();
    const cases: Array<[unknown, string]> = [
      [{ answers: { nps: 11 } }, "answers.nps"],
      [{ answers: { stars: 3 } }, "answers.nps"],
      [{ answers: { nps: 5, pick: "C" } }, "answers.pick"],
      [{ answers: { nps: 5, many: ["Z"] } }, "answers.many"],
      [{ answers: { nps: 5, unknown: 1 } }, "answers.unknown"],
      [{ answers: { nps: { deep: true } } }, "answers.nps"],
      [{}, "answers"],
    ];
    for (const [body, field] of cases) {
      const response = await t.widget(session, "POST", `/surveys/${survey.id}/answers`, body);
      expect(`${response.status} ${((await response.json()) as { field?: string }).field}`).toBe(
        `400 ${field}`,
      );
    }
    const [{ n }] = await t.api.sql`SELECT count(*) AS n FROM survey_answers WHERE survey_id = ${survey.id}`;
    expect(Number(n)).toBe(0);
  });

  test("a draft or unknown survey is a 404", async () => {
    const draft = await t.create<AdminSurvey>("/surveys", surveyBody(false, "draft"));
    const session = await t.session();
    expect((await t.widget(session, "GET", `/surveys/${draft.id}`)).status).toBe(404);
    expect(
      (await t.widget(session, "POST", `/surveys/${draft.id}/answers`, { answers: { nps: 1 } })).status,
    ).toBe(404);
    expect((await t.widget(session, "GET", "/surveys/nope")).status).toBe(404);
  });
});

describe("help center", () => {
  let collection: AdminHelpCollection;
  let empty: AdminHelpCollection;
  const articles: Record<string, AdminHelpArticle> = {};

  beforeAll(async () => {
    collection = await t.create<AdminHelpCollection>("/help/collections", {
      title: "Zebra guides",
      position: 5,
    });
    empty = await t.create<AdminHelpCollection>("/help/collections", { title: "Nothing live" });
    const write = (
      title: string,
      description: string,
      body: string,
      status = "live",
      collectionId = collection.id,
    ) => t.create<AdminHelpArticle>("/help/articles", { collectionId, title, description, body, status });
    articles.body = await write(
      "Camera basics",
      "Taking pictures",
      `<p>${"Intro text about the app. ".repeat(12)}Point the zebracam at the board and press the button.</p>`,
    );
    articles.title = await write("Zebracam setup", "Connect it", "<p>Plug it in.</p>");
    articles.description = await write(
      "Accessories",
      "Works with the zebracam stand",
      "<p>Stands and cases.</p>",
    );
    articles.phrase = await write("Zebracam night mode", "Dark rooms", "<p>Low light.</p>");
    articles.draft = await write("Zebracam secrets", "Draft", "<p>Not yet</p>", "draft");
    articles.hostile = await write("Safe article", "Sanitized", hostileHtml, "live", empty.id);
    const { collectionId, title, description, body } = articles.hostile;
    await t.admin(
      "PUT",
      `/help/articles/${articles.hostile.id}`,
      { collectionId, title, description, body, status: "draft" },
      200,
    );
  });

  test("collections with live articles only, with their counts; a collection lists its live articles", async () => {
    const session = await t.session();
    const list = await t.widgetGet<HelpCollection[]>(session, "/help/collections");
    const mine = list.find((entry) => entry.id === collection.id);
    expect(mine).toEqual({
      id: collection.id,
      title: "Zebra guides",
      description: "",
      icon: "",
      articleCount: 4,
    });
    expect(list.some((entry) => entry.id === empty.id)).toBe(false);
    const detail = await t.widgetGet<{ collection: HelpCollection; articles: HelpArticleSummary[] }>(
      session,
      `/help/collections/${collection.id}`,
    );
    expect(detail.articles.map((article) => article.title).sort()).toEqual(
      ["Accessories", "Camera basics", "Zebracam night mode", "Zebracam setup"].sort(),
    );
    expect((await t.widget(session, "GET", `/help/collections/${empty.id}`)).status).toBe(404);
  });

  test("an article with its body; a draft is a 404", async () => {
    const session = await t.session();
    const article = await t.widgetGet<HelpArticle>(session, `/help/articles/${articles.title?.id}`);
    expect(article).toMatchObject({
      title: "Zebracam setup",
      body: "<p>Plug it in.</p>",
      collectionId: collection.id,
    });
    expect((await t.widget(session, "GET", `/help/articles/${articles.draft?.id}`)).status).toBe(404);
    expect((await t.widget(session, "GET", "/help/articles/nope")).status).toBe(404);
  });

  test("article HTML is sanitized when stored: no script, no onerror, no javascript: link", async () => {
    const stored = await t.adminGet<AdminHelpArticle>(`/help/articles/${articles.hostile?.id}`);
    expect(stored.body).toBe("<p>Safe <strong>text</strong><a>link</a></p>");
  });

  test("search ranks title over description over body, phrases first, with plain-text snippets", async () => {
    const session = await t.session();
    const results = await t.widgetGet<HelpSearchResult[]>(session, "/help/search?q=zebracam");
    const order = results.map((result) => result.title);
    expect(order.slice(0, 2).sort()).toEqual(["Zebracam night mode", "Zebracam setup"]);
    expect(order.slice(2)).toEqual(["Accessories", "Camera basics"]);
    const body = results.find((result) => result.title === "Camera basics");
    expect(body?.snippet).toContain("Point the zebracam at the board");
    expect(body?.snippet.startsWith("…")).toBe(true);
    expect(body?.snippet).not.toContain("<");
    expect(results.find((result) => result.title === "Accessories")?.snippet).toBe(
      "Works with the zebracam stand",
    );
    expect(order).not.toContain("Zebracam secrets");

    const phrase = await t.widgetGet<HelpSearchResult[]>(session, "/help/search?q=zebracam%20night");
    expect(phrase[0]?.title).toBe("Zebracam night mode");
  });

  test("search: an empty query finds nothing; an over-long one is a 400", async () => {
    const session = await t.session();
    expect(await t.widgetGet<unknown[]>(session, "/help/search?q=%20")).toEqual([]);
    expect(await t.widgetGet<unknown[]>(session, "/help/search")).toEqual([]);
    await expectError(await t.widget(session, "GET", `/help/search?q=${"a".repeat(201)}`), 400, {
      error: "q must be at most 200 characters",
      field: "q",
    });
  });
});

describe("news", () => {
  test("live posts newest first, each with its body; drafts hidden", async () => {
    const post = (title: string, status = "live") =>
      t.create<AdminNewsPost>("/news", { title, preview: `${title} preview`, body: "<p>Body</p>", status });
    const older = await post("Older post");
    const newer = await post("Newer post");
    const draft = await post("Draft post", "draft");
    const session = await t.session();
    const list = await t.widgetGet<NewsSummary[]>(session, "/news");
    const ids = list.map((entry) => entry.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(ids).not.toContain(draft.id);
    const detail = await t.widgetGet<NewsPost>(session, `/news/${newer.id}`);
    expect(detail).toMatchObject({ title: "Newer post", body: "<p>Body</p>", preview: "Newer post preview" });
    expect(detail.publishedAt).toBe(newer.publishedAt ?? "");
    expect((await t.widget(session, "GET", `/news/${draft.id}`)).status).toBe(404);
  });
});

describe("feature requests", () => {
  test("a visitor's request starts open with their vote; votes toggle and count per session", async () => {
    const author = await t.session();
    const created = await t.widgetCreate<FeatureRequest>(author, "/feature-requests", {
      title: "Widgets on the lock screen",
      description: "Quick notes",
    });
    expect(created).toMatchObject({
      title: "Widgets on the lock screen",
      status: "open",
      votes: 1,
      voted: true,
    });

    const voter = await t.session();
    const voted = await toggleVote(t, voter, created.id);
    expect(voted).toMatchObject({ votes: 2, voted: true });
    const unvoted = await toggleVote(t, voter, created.id);
    expect(unvoted).toMatchObject({ votes: 1, voted: false });
    const authorAgain = await toggleVote(t, author, created.id);
    expect(authorAgain).toMatchObject({ votes: 0, voted: false });
    const [{ n }] = await t.api
      .sql`SELECT count(*) AS n FROM feature_request_votes WHERE feature_request_id = ${created.id}`;
    expect(Number(n)).toBe(0);
  });

  test("sorted by votes (top) or by date (new)", async () => {
    const session = await t.session();
    const first = await t.widgetCreate<FeatureRequest>(session, "/feature-requests", { title: "Sort first" });
    const second = await t.widgetCreate<FeatureRequest>(session, "/feature-requests", {
      title: "Sort second",
    });
    for (const voter of [await t.session(), await t.session()]) await toggleVote(t, voter, first.id);
    const top = (await t.widgetGet<FeatureRequest[]>(session, "/feature-requests?sort=top")).map(
      (entry) => entry.id,
    );
    expect(top.indexOf(first.id)).toBeLessThan(top.indexOf(second.id));
    const fresh = (await t.widgetGet<FeatureRequest[]>(session, "/feature-requests?sort=new")).map(
      (entry) => entry.id,
    );
    expect(fresh.indexOf(second.id)).toBeLessThan(fresh.indexOf(first.id));
    expect((await t.widget(session, "GET", "/feature-requests?sort=best")).status).toBe(400);
  });

  test("when an anonymous session identifies (verified) as a known user, its votes join the user's without counting twice", async () => {
    const userHash = await demoUserHash(t.api.sql, "voter-merge-1");
    const user = await t.session();
    await t.widgetJson(user, "POST", "/sessions/identify", { userId: "voter-merge-1", userHash }, 200);
    const { id } = await t.widgetCreate<FeatureRequest>(user, "/feature-requests", { title: "Merge votes" });
    const other = await t.widgetCreate<FeatureRequest>(await t.session(), "/feature-requests", {
      title: "Merge other",
    });
    const anonymous = await t.session();
    await toggleVote(t, anonymous, id);
    await toggleVote(t, anonymous, other.id);
    await t.widgetJson(anonymous, "POST", "/sessions/identify", { userId: "voter-merge-1", userHash }, 200);
    const list = await t.widgetGet<FeatureRequest[]>(user, "/feature-requests?sort=new");
    expect(list.find((entry) => entry.id === id)).toMatchObject({ votes: 1, voted: true });
    expect(list.find((entry) => entry.id === other.id)).toMatchObject({ votes: 2, voted: true });
  });

  test("validation and unknown requests", async () => {
    const session = await t.session();
    for (const body of [{ title: "ab" }, { title: "   " }, {}, { title: "Fine", votes: 100 }]) {
      expect((await t.widget(session, "POST", "/feature-requests", body)).status).toBe(400);
    }
    expect((await t.widget(session, "POST", "/feature-requests/nope/vote")).status).toBe(404);
  });
});

describe("checklists and home", () => {
  test("live checklists with the session's progress", async () => {
    const outbound = await createOutbound(t.api.sql, {
      projectId: t.projectId,
      type: "checklist",
      status: "live",
      name: "Onboarding",
      config: {
        subject: "Set up",
        steps: [
          { id: "a", title: "A" },
          { id: "b", title: "B" },
        ],
      },
    });
    const session = await t.session();
    const before = await t.widgetGet<ChecklistSummary[]>(session, "/checklists");
    expect(before.find((entry) => entry.outboundId === outbound.id)).toEqual({
      outboundId: outbound.id,
      title: "Set up",
      checklistId: null,
      done: 0,
      total: 2,
      status: "open",
    });
    const { id } = await t.widgetJson<{ id: string }>(
      session,
      "POST",
      "/outbound/checklists",
      { outboundId: outbound.id },
      200,
    );
    await t.widgetJson(session, "PUT", `/outbound/checklists/${id}/increment/a`, {}, 200);
    const after = await t.widgetGet<ChecklistSummary[]>(session, "/checklists");
    expect(after.find((entry) => entry.outboundId === outbound.id)).toMatchObject({
      checklistId: id,
      done: 1,
    });
  });

  test("home: flows for the home screen in order, the newest news, tabs only with content", async () => {
    await t.create<AdminFeedbackFlow>("/feedback-flows", flowBody("hiddenflow", { showOnHome: false }));
    const session = await t.session();
    const home = await t.widgetGet<MessengerHome>(session, "/messenger/home");
    expect(home.flows.map((flow) => flow.key)).toEqual(["bugreporting", "featurerequest", "contact"]);
    expect(home.flows[0]).toEqual({
      key: "bugreporting",
      title: "Report a bug",
      description: "Something not working? Tell us and add a screenshot or a recording.",
      icon: "bug",
    });
    expect(home.news.length).toBeLessThanOrEqual(3);
    expect(home.conversation).toBeNull();
    expect(home.unreadMessages).toBe(0);
    expect(Array.isArray(home.checklists)).toBe(true);
    expect(typeof home.hasHelpCenter).toBe("boolean");
    expect(typeof home.hasFeatureRequests).toBe("boolean");
  });
});
