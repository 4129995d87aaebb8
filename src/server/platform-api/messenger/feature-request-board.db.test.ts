import { describe, expect, test } from "bun:test";
import type { AdminFeatureRequest, FeatureRequest } from "../../../shared/feature-requests-api.ts";
import type { ListPage } from "../../../shared/list-page-api.ts";
import type { MessengerHome } from "../../../shared/messenger-home-api.ts";
import { auditActions } from "../../test-support/audit-log.ts";
import { toggleVote } from "../../test-support/feature-request-votes.ts";
import { startMessengerTest } from "../../test-support/messenger-test-support.ts";
import { createOtherProject, type TestSession } from "../../test-support/outbound-test-support.ts";
import { startedBeforeAll } from "../../test-support/test-lifecycle.ts";

/**
 * The admin's feature-request board. Merging folds duplicates into one request
 * (their voters counted once each), hiding takes a request off the visitors' board, and the board's
 * status is what visitors see.
 */

const t = startedBeforeAll(startMessengerTest);

const suggest = async (session: TestSession, title: string) =>
  (await t.widgetCreate<FeatureRequest>(session, "/feature-requests", { title })).id;

const vote = (session: TestSession, id: string) => toggleVote(t, session, id);

const board = (session: TestSession) => t.widgetGet<FeatureRequest[]>(session, "/feature-requests?sort=top");

const merge = (id: string, duplicateIds: string[]) =>
  t.api.call("POST", `/api/projects/${t.projectId}/feature-requests/${id}/merge`, { duplicateIds });

async function votersOf(id: string): Promise<string[]> {
  const rows = await t.api.sql`SELECT session_id FROM feature_request_votes WHERE feature_request_id = ${id}
    ORDER BY session_id`;
  return (rows as Array<{ session_id: string }>).map((row) => row.session_id);
}

describe("POST feature-requests/{id}/merge", () => {
  test("votes combined, a visitor who voted for both counted once; the duplicates go, audited", async () => {
    const [ada, bob, cy] = [await t.session(), await t.session(), await t.session()];
    const kept = await suggest(ada, "Dark mode for the dashboard");
    const duplicate = await suggest(bob, "Night theme please");
    const another = await suggest(cy, "A dark theme");
    await vote(bob, kept); // bob voted for the kept request and his own duplicate
    await vote(ada, another);

    const response = await merge(kept, [duplicate, another]);
    expect(response.status).toBe(200);
    const merged = (await response.json()) as AdminFeatureRequest;
    expect(merged).toMatchObject({ id: kept, title: "Dark mode for the dashboard", votes: 3 });
    expect(await votersOf(kept)).toEqual([ada.gleapId, bob.gleapId, cy.gleapId].sort());
    await t.admin("GET", `/feature-requests/${duplicate}`, undefined, 404);
    await t.admin("GET", `/feature-requests/${another}`, undefined, 404);
    expect(await votersOf(duplicate)).toEqual([]);

    // Visitors see one request with the combined votes, voted for by each of them.
    const seen = (await board(cy)).find((request) => request.id === kept);
    expect(seen).toMatchObject({ votes: 3, voted: true });
    expect((await board(cy)).some((request) => request.id === another)).toBe(false);
    // A toggle after the merge takes the one vote back, never leaving a second one behind.
    expect(await vote(bob, kept)).toMatchObject({ votes: 2, voted: false });

    expect(await auditActions(t.api.sql, kept)).toContain("feature_request.merge");
    const [entry] = await t.api.sql`SELECT details FROM audit_log
      WHERE entity_id = ${kept} AND action = ${"feature_request.merge"}`;
    expect(JSON.parse(String(entry.details)).merged.map((item: { title: string }) => item.title)).toEqual([
      "Night theme please",
      "A dark theme",
    ]);
  });

  test("refusals write nothing: itself, unknown or foreign ids, bad bodies, unknown target", async () => {
    const session = await t.session();
    const kept = await suggest(session, "Export to PDF");
    const duplicate = await suggest(session, "PDF export");
    const other = await createOtherProject(t.api.sql);
    const [foreign] = await t.api.sql`INSERT INTO feature_requests
      (id, project_id, title, title_key, status, created_at, updated_at)
      VALUES (${Bun.randomUUIDv7()}, ${other}, ${"Theirs"}, ${"theirs"}, ${"open"}, ${"2026-01-01T00:00:00.000Z"},
        ${"2026-01-01T00:00:00.000Z"}) RETURNING id`;
    const [{ n: auditBefore }] = await t.api.sql`SELECT count(*) AS n FROM audit_log`;

    const refusals: Array<[string, unknown, number, string | undefined]> = [
      [kept, { duplicateIds: [kept] }, 400, "duplicateIds"],
      [kept, { duplicateIds: [duplicate, "nope"] }, 404, "duplicateIds"],
      [kept, { duplicateIds: [String(foreign.id)] }, 404, "duplicateIds"],
      [kept, { duplicateIds: [] }, 400, "duplicateIds"],
      [kept, { duplicateIds: [duplicate, duplicate] }, 400, "duplicateIds"],
      [kept, { duplicateIds: "all" }, 400, "duplicateIds"],
      [kept, { duplicateIds: [duplicate], extra: 1 }, 400, "extra"],
      ["nope", { duplicateIds: [duplicate] }, 404, undefined],
    ];
    for (const [target, body, status, field] of refusals) {
      const response = await t.api.call(
        "POST",
        `/api/projects/${t.projectId}/feature-requests/${target}/merge`,
        body,
      );
      const answer = (await response.json()) as { error: string; field?: string };
      expect(`${response.status} ${answer.field}`).toBe(`${status} ${field}`);
      expect(answer.error.length).toBeGreaterThan(0);
    }
    const unknownProject = await t.api.call("POST", `/api/projects/nope/feature-requests/${kept}/merge`, {
      duplicateIds: [duplicate],
    });
    expect(unknownProject.status).toBe(404);
    await t.adminGet(`/feature-requests/${duplicate}`);
    expect(await votersOf(duplicate)).toEqual([session.gleapId]);
    const [{ n: auditAfter }] = await t.api.sql`SELECT count(*) AS n FROM audit_log`;
    expect(Number(auditAfter)).toBe(Number(auditBefore));
  });
});

describe("hiding and the board's status", () => {
  test("a hidden request leaves the visitors' board (its author's too) and votes; edits keep it hidden", async () => {
    const author = await t.session();
    const visitor = await t.session();
    const id = await suggest(author, "Hide me from the board");
    const hidden = await t.admin<AdminFeatureRequest>(
      "PUT",
      `/feature-requests/${id}`,
      { title: "Hide me from the board", status: "declined", hidden: true },
      200,
    );
    expect(hidden).toMatchObject({ hidden: true, status: "declined", votes: 1 });
    expect((await board(author)).some((request) => request.id === id)).toBe(false);
    expect((await t.widget(visitor, "POST", `/feature-requests/${id}/vote`)).status).toBe(404);

    // An edit without `hidden` (an older client) leaves it hidden.
    const edited = await t.admin<AdminFeatureRequest>(
      "PUT",
      `/feature-requests/${id}`,
      { title: "Hidden and reworded", status: "declined" },
      200,
    );
    expect(edited.hidden).toBe(true);
    const onlyHidden = await t.adminGet<ListPage<AdminFeatureRequest>>(
      "/feature-requests?visibility=hidden&pageSize=100",
    );
    expect(onlyHidden.items.map((item) => item.id)).toEqual([id]);
    const visible = await t.adminGet<ListPage<AdminFeatureRequest>>(
      "/feature-requests?visibility=visible&pageSize=100",
    );
    expect(visible.items.some((item) => item.id === id)).toBe(false);
    const unknown = await t.adminGet<ListPage<AdminFeatureRequest>>("/feature-requests?visibility=maybe");
    expect(unknown.total).toBe(0);

    await t.admin(
      "PUT",
      `/feature-requests/${id}`,
      { title: "Back on the board", status: "planned", hidden: false },
      200,
    );
    const shown = (await board(visitor)).find((request) => request.id === id);
    expect(shown).toMatchObject({ title: "Back on the board", status: "planned" });
    await t.admin("PUT", `/feature-requests/${id}`, { title: "x y z", status: "open", hidden: "yes" }, 400);
    expect(await auditActions(t.api.sql, id)).toEqual([
      "feature_request.update",
      "feature_request.update",
      "feature_request.update",
    ]);
  });

  test("a project whose every request is hidden shows no feature-request tab", async () => {
    const session = await t.session();
    await suggest(session, "Keeps the tab for now");
    const home = () => t.widgetGet<MessengerHome>(session, "/messenger/home");
    expect((await home()).hasFeatureRequests).toBe(true);
    const visible = await t.adminGet<ListPage<AdminFeatureRequest>>(
      "/feature-requests?visibility=visible&pageSize=100",
    );
    for (const request of visible.items)
      await t.admin(
        "PUT",
        `/feature-requests/${request.id}`,
        { title: request.title, status: request.status, hidden: true },
        200,
      );
    expect((await home()).hasFeatureRequests).toBe(false);
  });

  test("sorted by votes and by recency on the admin's board", async () => {
    const [a, b] = [await t.session(), await t.session()];
    const older = await suggest(a, "Sorting older one");
    await Bun.sleep(5);
    const newer = await suggest(b, "Sorting newer one");
    await vote(b, older);
    const byVotes = await t.adminGet<ListPage<AdminFeatureRequest>>(
      "/feature-requests?q=sorting&sort=-votes",
    );
    expect(byVotes.items.map((item) => item.id)).toEqual([older, newer]);
    const byRecency = await t.adminGet<ListPage<AdminFeatureRequest>>(
      "/feature-requests?q=sorting&sort=-createdAt",
    );
    expect(byRecency.items.map((item) => item.id)).toEqual([newer, older]);
  });
});
