import { describe, expect, test } from "bun:test";
import type { ListPage } from "../../../shared/list-page-api.ts";
import type { AdminSurvey, SurveyResponse } from "../../../shared/surveys-api.ts";
import { foldPingsOf } from "../../domain/sessions/ping-log-registry.ts";
import { demoUserHash, startMessengerTest } from "../../test-support/messenger-test-support.ts";
import { createOtherProject, ping, type TestSession } from "../../test-support/outbound-test-support.ts";
import { startedBeforeAll } from "../../test-support/test-lifecycle.ts";

/**
 * A choice question offers two choices at least (the server refuses fewer), and a
 * survey's answers are listed one respondent at a time with their session, identity and page.
 */

const t = startedBeforeAll(startMessengerTest);

const surveyBody = (questions: unknown[]) => ({ title: "Respondents survey", status: "live", questions });

/** The session's ping of `page`, folded into its row (on SQLite a ping is folded a moment later). */
async function onPage(session: TestSession, page: string): Promise<void> {
  expect((await ping(t.mainUrl, session, page)).status).toBeLessThan(300);
  await foldPingsOf(t.api.sql, [session.gleapId]);
  const [row] = await t.api.sql`SELECT last_page FROM widget_sessions WHERE id = ${session.gleapId}`;
  expect(row?.last_page).toBe(page);
}

describe("a choice question's choices", () => {
  test("one choice, or one choice twice, is a 400 naming the questions; two are fine", async () => {
    for (const options of [["Only"], ["Same", "Same"], []]) {
      const response = await t.api.call(
        "POST",
        `/api/projects/${t.projectId}/surveys`,
        surveyBody([{ id: "q", type: "multiple", title: "Pick", options }]),
      );
      const answer = (await response.json()) as { error: string; field: string };
      expect(`${response.status} ${answer.field}`).toBe("400 questions");
      expect(answer.error).toContain("at least 2 different options");
    }
    const created = await t.create<AdminSurvey>(
      "/surveys",
      surveyBody([{ id: "q", type: "single", title: "Pick", options: ["Yes", "No"] }]),
    );
    await t.admin(
      "PUT",
      `/surveys/${created.id}`,
      surveyBody([{ id: "q", type: "single", title: "Pick", options: ["Yes"] }]),
      400,
    );
  });
});

describe("GET surveys/{id}/responses", () => {
  test("each answer with its session, the identified user and the page, newest first", async () => {
    const survey = await t.create<AdminSurvey>(
      "/surveys",
      surveyBody([
        { id: "nps", type: "nps", title: "Recommend?" },
        { id: "many", type: "multiple", title: "Which?", options: ["Export", "Import", "API"] },
        { id: "say", type: "text", title: "Anything else?" },
      ]),
    );
    const anonymous = await t.session();
    await onPage(anonymous, "http://localhost:3000/pricing?plan=pro");
    await t.widgetCreate(anonymous, `/surveys/${survey.id}/answers`, { answers: { nps: 9 } });
    await Bun.sleep(5);

    const known = await t.session();
    await t.widgetJson(
      known,
      "POST",
      "/sessions/identify",
      {
        userId: "respondent-1",
        userHash: await demoUserHash(t.api.sql, "respondent-1"),
        name: "Ada Lovelace",
        email: "ada@example.com",
      },
      200,
    );
    await onPage(known, "http://localhost:3000/demo");
    const answers = { nps: 3, many: ["Export", "API"], say: '=HYPERLINK("x"), "quoted"' };
    await t.widgetCreate(known, `/surveys/${survey.id}/answers`, { answers });

    const page = await t.adminGet<ListPage<SurveyResponse>>(`/surveys/${survey.id}/responses`);
    expect(page.total).toBe(2);
    expect(page.items.map((item) => item.sessionId)).toEqual([known.gleapId, anonymous.gleapId]);
    expect(page.items[0]).toMatchObject({
      answers,
      user: { userId: "respondent-1", name: "Ada Lovelace", email: "ada@example.com" },
      pageUrl: "http://localhost:3000/demo",
    });
    expect(page.items[1]).toMatchObject({
      answers: { nps: 9 },
      user: { userId: null, name: null, email: null },
      pageUrl: "http://localhost:3000/pricing?plan=pro",
    });

    const oldestFirst = await t.adminGet<ListPage<SurveyResponse>>(
      `/surveys/${survey.id}/responses?sort=createdAt&pageSize=1`,
    );
    expect(oldestFirst.items.map((item) => item.sessionId)).toEqual([anonymous.gleapId]);
    expect(oldestFirst.total).toBe(2);
  });

  test("bad list parameters are 400s; an unknown survey or project a 404", async () => {
    const survey = await t.create<AdminSurvey>(
      "/surveys",
      surveyBody([{ id: "say", type: "text", title: "Say" }]),
    );
    await t.admin("GET", `/surveys/${survey.id}/responses?sort=answers`, undefined, 400);
    await t.admin("GET", `/surveys/${survey.id}/responses?pageSize=1000`, undefined, 400);
    await t.admin("GET", `/surveys/${survey.id}/responses?q=%00`, undefined, 400);
    await t.admin("GET", "/surveys/nope/responses", undefined, 404);
    await t.api.expectJson("GET", `/api/projects/nope/surveys/${survey.id}/responses`, undefined, 404);
    // Another project's survey is not found through this one.
    const other = await createOtherProject(t.api.sql);
    await t.api.expectJson("GET", `/api/projects/${other}/surveys/${survey.id}/responses`, undefined, 404);
    const empty = await t.adminGet<ListPage<SurveyResponse>>(`/surveys/${survey.id}/responses`);
    expect(empty).toEqual({ items: [], total: 0, page: 1, pageSize: 25 });
  });
});
