import { describe, expect, test } from "bun:test";
import type { AdminFeatureRequest } from "../../../shared/feature-requests-api.ts";
import type { AdminHelpArticle, AdminHelpCollection } from "../../../shared/help-center-api.ts";
import type { ListPage } from "../../../shared/list-page-api.ts";
import type { AdminNewsPost } from "../../../shared/news-api.ts";
import type { AdminProject } from "../../../shared/projects-api.ts";
import type { AdminSurvey, SurveyResults } from "../../../shared/surveys-api.ts";
import { expectError } from "../../test-support/api-calls.ts";
import { auditActions } from "../../test-support/audit-log.ts";
import { startMessengerTest } from "../../test-support/messenger-test-support.ts";
import { createOtherProject } from "../../test-support/outbound-test-support.ts";
import { startedBeforeAll } from "../../test-support/test-lifecycle.ts";

const t = startedBeforeAll(startMessengerTest);

type Page<T> = ListPage<T>;

type Stored = { id: string; createdAt: string; updatedAt: string } & Record<string, unknown>;

/** A new help collection titled `collectionTitle` holding one live article. */
async function liveArticleIn(collectionTitle: string, title: string, body: string) {
  const collection = await t.create<AdminHelpCollection>("/help/collections", { title: collectionTitle });
  const article = await t.create<AdminHelpArticle>("/help/articles", {
    collectionId: collection.id,
    title,
    body,
    status: "live",
  });
  return { collection, article };
}

/** One kind's CRUD through the API: create, detail, list, update, delete, with 404s and audit rows. */
interface KindCase {
  path: string;
  entity: string;
  create: Record<string, unknown>;
  update: Record<string, unknown>;
  /** A field the list's `q` finds the record by. */
  search: string;
  invalid: Array<[Record<string, unknown>, string]>;
}

const kinds: KindCase[] = [
  {
    path: "/feedback-flows",
    entity: "feedback_flow",
    create: {
      key: "crud-flow",
      title: "Crud flow",
      feedbackType: "INQUIRY",
      fields: [{ key: "description", type: "textarea", label: "Message", required: true }],
      status: "live",
      showOnHome: true,
      position: 4,
    },
    update: {
      key: "crud-flow",
      title: "Crud flow renamed",
      feedbackType: "INQUIRY",
      fields: [{ key: "pick", type: "select", label: "Pick", options: ["A"] }],
      status: "draft",
    },
    search: "crud flow",
    invalid: [
      [{ key: "bad key!", title: "x", feedbackType: "BUG", fields: [], status: "live" }, "key"],
      [{ key: "ok", title: "x", feedbackType: "BUG", fields: [], status: "live" }, "fields"],
      [
        {
          key: "ok",
          title: "x",
          feedbackType: "BUG",
          fields: [{ key: "s", type: "select", label: "S" }],
          status: "live",
        },
        "fields",
      ],
      [
        {
          key: "ok",
          title: "x",
          feedbackType: "BUG",
          fields: [
            { key: "a", type: "text", label: "A" },
            { key: "A", type: "text", label: "B" },
          ],
          status: "live",
        },
        "fields",
      ],
      [
        {
          key: "ok",
          title: "x",
          feedbackType: "bug",
          fields: [{ key: "a", type: "text", label: "A" }],
          status: "live",
        },
        "feedbackType",
      ],
    ],
  },
  {
    path: "/bots",
    entity: "bot",
    create: {
      name: "Crud bot",
      status: "live",
      steps: [
        { id: "start", type: "message", text: "<p>Hi</p>", next: "end" },
        { id: "end", type: "handover" },
      ],
    },
    update: {
      name: "Crud bot renamed",
      status: "draft",
      avatarUrl: "https://cdn.example/bot.png",
      steps: [{ id: "only", type: "message", text: "Bye" }],
    },
    search: "crud bot",
    invalid: [
      [{ name: "x", status: "live", steps: [{ id: "a", type: "message", next: "missing" }] }, "steps"],
      [{ name: "x", status: "live", steps: [{ id: "a", type: "buttons" }] }, "steps"],
      [{ name: "x", status: "live", steps: [{ id: "a", type: "collect" }] }, "steps"],
      [
        {
          name: "x",
          status: "live",
          steps: [
            { id: "a", type: "message" },
            { id: "a", type: "message" },
          ],
        },
        "steps",
      ],
      [
        {
          name: "x",
          status: "live",
          avatarUrl: "javascript:alert(1)",
          steps: [{ id: "a", type: "message" }],
        },
        "avatarUrl",
      ],
    ],
  },
  {
    path: "/surveys",
    entity: "survey",
    create: {
      title: "Crud survey",
      status: "live",
      questions: [{ id: "q", type: "nps", title: "Recommend?" }],
    },
    update: {
      title: "Crud survey renamed",
      status: "draft",
      allowMultipleAnswers: true,
      questions: [{ id: "q", type: "single", title: "Pick", options: ["A", "B"] }],
    },
    search: "crud survey",
    invalid: [
      [{ title: "x", status: "live", questions: [] }, "questions"],
      [
        { title: "x", status: "live", questions: [{ id: "q", type: "single", title: "No options" }] },
        "questions",
      ],
      [
        { title: "x", status: "live", questions: [{ id: "q", type: "rating", title: "R", scale: 50 }] },
        "questions.0.scale",
      ],
      [{ title: "x", status: "maybe", questions: [{ id: "q", type: "text", title: "T" }] }, "status"],
    ],
  },
  {
    path: "/help/collections",
    entity: "help_collection",
    create: { title: "Crud collection", description: "About", icon: "book", position: 2 },
    update: { title: "Crud collection renamed" },
    search: "crud collection",
    invalid: [
      [{ title: "" }, "title"],
      [{ title: "x", position: -1 }, "position"],
    ],
  },
  {
    path: "/news",
    entity: "news_post",
    create: { title: "Crud news", body: "<p>Body</p>", status: "draft" },
    update: {
      title: "Crud news renamed",
      body: "<p>Body 2</p>",
      status: "live",
      coverImageUrl: "https://cdn.example/c.png",
    },
    search: "crud news",
    invalid: [
      [{ title: "x", body: "", status: "live", coverImageUrl: "javascript:alert(1)" }, "coverImageUrl"],
      [{ title: "x", status: "live" }, "body"],
    ],
  },
  {
    path: "/feature-requests",
    entity: "feature_request",
    create: { title: "Crud request", description: "Please", status: "open" },
    update: { title: "Crud request reworded", status: "planned" },
    search: "crud request",
    invalid: [
      [{ title: "ab", status: "open" }, "title"],
      [{ title: "Fine", status: "someday" }, "status"],
    ],
  },
];

describe("GET /api/projects", () => {
  test("lists the widget projects with the list conventions", async () => {
    const page = await t.api.getJson<Page<AdminProject>>("/api/projects");
    expect(page.items.find((project) => project.sdkKey === "demo")?.id).toBe(t.projectId);
    expect(page.page).toBe(1);
    expect(page.pageSize).toBe(25);
    const found = await t.api.getJson<Page<AdminProject>>("/api/projects?q=demo%20proj");
    expect(found.items.map((project) => project.id)).toEqual([t.projectId]);
    await t.api.expectJson("GET", "/api/projects?sort=secret", undefined, 400);
    await t.api.expectJson("GET", "/api/projects?pageSize=101", undefined, 400);
  });
});

for (const kind of kinds) {
  describe(`${kind.path}`, () => {
    test("create, detail, list, update and delete, each write audited", async () => {
      const created = await t.create<Stored>(kind.path, kind.create);
      expect(created.id).toBeString();
      expect(await t.adminGet<Stored>(`${kind.path}/${created.id}`)).toEqual(created);

      const page = await t.adminGet<Page<Stored>>(`${kind.path}?q=${encodeURIComponent(kind.search)}`);
      expect(page.items.map((item) => item.id)).toEqual([created.id]);
      expect(page.total).toBe(1);
      const sorted = await t.adminGet<Page<Stored>>(`${kind.path}?sort=-createdAt&pageSize=1`);
      expect(sorted.items).toHaveLength(1);
      await t.admin("GET", `${kind.path}?sort=__proto__`, undefined, 400);

      const updated = await t.admin<Stored>("PUT", `${kind.path}/${created.id}`, kind.update, 200);
      expect(updated.id).toBe(created.id);
      expect(updated.createdAt).toBe(created.createdAt);
      for (const [key, value] of Object.entries(kind.update)) {
        if (key !== "fields" && key !== "steps" && key !== "questions") expect(updated[key]).toEqual(value);
      }

      expect(
        (await t.api.call("DELETE", `/api/projects/${t.projectId}${kind.path}/${created.id}`)).status,
      ).toBe(204);
      await t.admin("GET", `${kind.path}/${created.id}`, undefined, 404);
      expect(await auditActions(t.api.sql, created.id)).toEqual([
        `${kind.entity}.create`,
        `${kind.entity}.update`,
        `${kind.entity}.delete`,
      ]);
    });

    test("404s for an unknown record or project; 400s name the field and write nothing", async () => {
      await t.admin("GET", `${kind.path}/nope`, undefined, 404);
      await t.admin("PUT", `${kind.path}/nope`, kind.create, 404);
      expect((await t.api.call("DELETE", `/api/projects/${t.projectId}${kind.path}/nope`)).status).toBe(404);
      await t.api.expectJson("GET", `/api/projects/nope${kind.path}`, undefined, 404);
      await t.api.expectJson("POST", `/api/projects/nope${kind.path}`, kind.create, 404);
      const [{ n: before }] = await t.api.sql`SELECT count(*) AS n FROM audit_log`;
      for (const [body, field] of kind.invalid) {
        const response = await t.api.call("POST", `/api/projects/${t.projectId}${kind.path}`, body);
        const answer = (await response.json()) as { field?: string };
        expect(`${response.status} ${answer.field}`).toBe(`400 ${field}`);
      }
      const unknownField = await t.api.call("POST", `/api/projects/${t.projectId}${kind.path}`, {
        ...kind.create,
        id: "mine",
      });
      expect(unknownField.status).toBe(400);
      const [{ n: after }] = await t.api.sql`SELECT count(*) AS n FROM audit_log`;
      expect(Number(after)).toBe(Number(before));
    });

    test("a NUL in a path or a filter is a 404 or a 400 on both engines, never a 500", async () => {
      await t.admin("GET", `${kind.path}/%00`, undefined, 404);
      await t.admin("GET", `${kind.path}?q=%00`, undefined, 400);
      await t.admin("GET", `${kind.path}?status=a%00`, undefined, 400);
    });

    test("a body must be JSON", async () => {
      const response = await fetch(`${t.mainUrl}/api/projects/${t.projectId}${kind.path}`, {
        method: "POST",
        headers: { Authorization: `Bearer ${t.api.adminToken}`, "Content-Type": "text/plain" },
        body: JSON.stringify(kind.create),
      });
      expect(response.status).toBe(415);
    });
  });
}

describe("kind-specific rules", () => {
  test("a flow key is unique per project without case: 409 on create and update", async () => {
    const body = kinds[0]?.create ?? {};
    const first = await t.create<Stored>("/feedback-flows", { ...body, key: "unique-key" });
    await expectError(
      await t.api.call("POST", `/api/projects/${t.projectId}/feedback-flows`, {
        ...body,
        key: "Unique-Key",
      }),
      409,
      {
        error: "A feedback flow with this key already exists",
        field: "key",
      },
    );
    const other = await t.create<Stored>("/feedback-flows", { ...body, key: "other-key" });
    await t.admin("PUT", `/feedback-flows/${other.id}`, { ...body, key: "UNIQUE-KEY" }, 409);
    await t.admin(
      "PUT",
      `/feedback-flows/${first.id}`,
      { ...body, key: "Unique-Key", title: "Same flow" },
      200,
    );
    // Another project may use the key.
    const project = await createOtherProject(t.api.sql);
    await t.api.create(`/api/projects/${project}/feedback-flows`, { ...body, key: "unique-key" });
  });

  test("articles: CRUD with a collection of the project, bodies sanitized and kept as text for search", async () => {
    const { collection, article } = await liveArticleIn(
      "Articles home",
      "Crud article",
      '<p>Hi<script>alert(1)</script> <a href="https://x.example" onclick="x">there</a></p>',
    );
    expect(article.body).toBe(
      '<p>Hi <a href="https://x.example" rel="noopener noreferrer nofollow">there</a></p>',
    );
    const [row] = await t.api.sql`SELECT body_text FROM help_articles WHERE id = ${article.id}`;
    expect(row.body_text).toBe("Hi there");
    const filtered = await t.adminGet<Page<AdminHelpArticle>>(
      `/help/articles?collectionId=${collection.id}&status=live`,
    );
    expect(filtered.items.map((item) => item.id)).toEqual([article.id]);

    const write = { collectionId: collection.id, title: "Crud article 2", body: "", status: "draft" };
    await t.admin("PUT", `/help/articles/${article.id}`, write, 200);
    const unknown = await t.api.call("POST", `/api/projects/${t.projectId}/help/articles`, {
      ...write,
      collectionId: "nope",
    });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { field: string }).field).toBe("collectionId");
    const project = await createOtherProject(t.api.sql);
    const foreign = await t.api.create<AdminHelpCollection>(`/api/projects/${project}/help/collections`, {
      title: "Theirs",
    });
    await t.admin("PUT", `/help/articles/${article.id}`, { ...write, collectionId: foreign.id }, 400);
    expect(await auditActions(t.api.sql, article.id)).toEqual(["help_article.create", "help_article.update"]);
  });

  test("a collection with articles is kept (409) unless forced, which deletes its articles", async () => {
    const { collection, article } = await liveArticleIn("Full", "Inside", "");
    expect((await t.adminGet<AdminHelpCollection>(`/help/collections/${collection.id}`)).articleCount).toBe(
      1,
    );
    const path = `/api/projects/${t.projectId}/help/collections/${collection.id}`;
    await expectError(await t.api.call("DELETE", path), 409, {
      error: "The help collection still has articles",
    });
    expect((await t.api.call("DELETE", `${path}?force=maybe`)).status).toBe(400);
    expect((await t.api.call("DELETE", `${path}?force=true`)).status).toBe(204);
    await t.admin("GET", `/help/articles/${article.id}`, undefined, 404);
  });

  test("news: published when it first goes live, and the date stays", async () => {
    const draft = await t.create<AdminNewsPost>("/news", { title: "Later", body: "", status: "draft" });
    expect(draft.publishedAt).toBeNull();
    /** The post rewritten with an empty body, as the admin's form saves it. */
    const save = (title: string, status: "draft" | "live") =>
      t.admin<AdminNewsPost>("PUT", `/news/${draft.id}`, { title, body: "", status }, 200);
    const live = await save("Later", "live");
    expect(live.publishedAt).not.toBeNull();
    await Bun.sleep(5);
    expect((await save("Edited", "draft")).publishedAt).toBe(live.publishedAt);
    expect((await save("Edited", "live")).publishedAt).toBe(live.publishedAt);
  });

  test("feature requests: votes shown, status filter, deleting takes the votes along", async () => {
    const session = await t.session();
    const { id } = await t.widgetCreate<{ id: string }>(session, "/feature-requests", {
      title: "Voted request",
    });
    const detail = await t.adminGet<AdminFeatureRequest>(`/feature-requests/${id}`);
    expect(detail).toMatchObject({ votes: 1, status: "open", sessionId: session.gleapId });
    await t.admin("PUT", `/feature-requests/${id}`, { title: "Voted request", status: "in_progress" }, 200);
    const inProgress = await t.adminGet<Page<AdminFeatureRequest>>(
      "/feature-requests?status=in_progress&sort=-votes",
    );
    expect(inProgress.items.map((item) => item.id)).toContain(id);
    expect((await t.api.call("DELETE", `/api/projects/${t.projectId}/feature-requests/${id}`)).status).toBe(
      204,
    );
    const [{ n }] = await t.api
      .sql`SELECT count(*) AS n FROM feature_request_votes WHERE feature_request_id = ${id}`;
    expect(Number(n)).toBe(0);
  });

  test("survey results: counts per option, NPS, average rating, texts newest first", async () => {
    const survey = await t.create<AdminSurvey>("/surveys", {
      title: "Results survey",
      status: "live",
      questions: [
        { id: "nps", type: "nps", title: "Recommend?" },
        { id: "stars", type: "rating", title: "Stars", scale: 3 },
        { id: "pick", type: "single", title: "Pick", options: ["A", "B"] },
        { id: "many", type: "multiple", title: "Many", options: ["X", "Y"] },
        { id: "say", type: "text", title: "Say" },
      ],
    });
    const answers = [
      { nps: 10, stars: 3, pick: "A", many: ["X", "Y"], say: "first" },
      { nps: 2, stars: 1, pick: "B", many: ["X"] },
      { nps: 8, pick: "A", say: "last" },
    ];
    for (const entry of answers) {
      await t.widgetCreate(await t.session(), `/surveys/${survey.id}/answers`, { answers: entry });
      await Bun.sleep(2);
    }
    const results = await t.adminGet<SurveyResults>(`/surveys/${survey.id}/results`);
    expect(results.responses).toBe(3);
    const [nps, stars, pick, many, say] = results.questions;
    expect(nps?.nps).toMatchObject({ score: 0, promoters: 1, passives: 1, detractors: 1 });
    expect(nps?.nps?.distribution).toEqual([0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 1]);
    expect(stars?.rating).toEqual({ average: 2, scale: 3, distribution: [1, 0, 1] });
    expect(pick?.options).toEqual([
      { option: "A", count: 2 },
      { option: "B", count: 1 },
    ]);
    expect(many?.options).toEqual([
      { option: "X", count: 2 },
      { option: "Y", count: 1 },
    ]);
    expect(say?.texts?.map((entry) => entry.text)).toEqual(["last", "first"]);
    expect((await t.adminGet<AdminSurvey>(`/surveys/${survey.id}`)).responses).toBe(3);
    await t.admin("GET", "/surveys/nope/results", undefined, 404);
    await t.api.expectJson("GET", `/api/projects/nope/surveys/${survey.id}/results`, undefined, 404);
  });
});
