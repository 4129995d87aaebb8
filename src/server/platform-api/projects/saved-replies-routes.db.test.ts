import { expect, test } from "bun:test";
import type { SavedReply, SavedReplyList } from "../../../shared/saved-replies-api.ts";
import { type AdminApiTestClient, startAdminApiTestClient } from "../../test-support/admin-api-client.ts";
import { auditActions } from "../../test-support/audit-log.ts";
import { demoProjectId } from "../../test-support/outbound-test-support.ts";
import { startBeforeAll } from "../../test-support/test-lifecycle.ts";

let api: AdminApiTestClient;
let projectId: string;
const base = () => `/api/projects/${projectId}/saved-replies`;

startBeforeAll(startAdminApiTestClient, async (started) => {
  api = started;
  projectId = await demoProjectId(api.sql);
});

const rowCount = async () =>
  Number((await api.sql`SELECT count(*) AS n FROM saved_replies WHERE project_id = ${projectId}`)[0].n);

test("saved replies are created, listed by shortcut, changed and deleted, each write audited", async () => {
  const thanks = await api.create<SavedReply>(base(), {
    title: "  Thanks ",
    shortcut: "thanks",
    body: " Hi {{visitor.firstName}}, thanks! ",
  });
  expect(thanks).toMatchObject({
    title: "Thanks",
    shortcut: "thanks",
    body: "Hi {{visitor.firstName}}, thanks!",
  });
  const bug = await api.create<SavedReply>(base(), {
    title: "Bug confirmed",
    shortcut: "bug-1",
    body: "We **confirmed** it.",
  });
  const list = await api.getJson<SavedReplyList>(base());
  expect(list.items.map((reply) => reply.shortcut)).toEqual(["bug-1", "thanks"]);

  const changed = await api.expectJson<SavedReply>(
    "PUT",
    `${base()}/${thanks.id}`,
    { title: "Thank you", shortcut: "ty", body: "Thank you!" },
    200,
  );
  expect(changed).toMatchObject({ id: thanks.id, title: "Thank you", shortcut: "ty", body: "Thank you!" });

  expect((await api.call("DELETE", `${base()}/${bug.id}`)).status).toBe(204);
  expect((await api.call("DELETE", `${base()}/${bug.id}`)).status).toBe(404);
  const after = await api.getJson<SavedReplyList>(base());
  expect(after.items.map((reply) => reply.shortcut)).toContain("ty");
  expect(after.items.map((reply) => reply.id)).not.toContain(bug.id);

  expect(await auditActions(api.sql, thanks.id)).toEqual(["saved-reply.create", "saved-reply.update"]);
  expect(await auditActions(api.sql, bug.id)).toEqual(["saved-reply.create", "saved-reply.delete"]);
});

test("bad input is a 4xx with a clear message and writes nothing", async () => {
  await api.create<SavedReply>(base(), { title: "Taken", shortcut: "taken", body: "x" });
  const before = await rowCount();
  const cases: Array<[unknown, number, string]> = [
    [{ title: "A", shortcut: "Has Space", body: "x" }, 400, "shortcut must be 1 to 32 lower-case"],
    [{ title: "A", shortcut: "-dash", body: "x" }, 400, "shortcut must be 1 to 32 lower-case"],
    [{ title: "A", shortcut: "a".repeat(33), body: "x" }, 400, "shortcut must be 1 to 32 lower-case"],
    [{ title: "   ", shortcut: "blank", body: "x" }, 400, "title is required"],
    [{ title: "A", shortcut: "blank", body: "  \n " }, 400, "body is required"],
    [{ title: "A", shortcut: "long", body: "x".repeat(10_001) }, 400, "length between `1` and `10000`"],
    [{ shortcut: "missing", body: "x" }, 400, "title is required"],
    [{ title: "Again", shortcut: "taken", body: "y" }, 409, "/taken"],
  ];
  for (const [body, status, message] of cases) {
    const response = await api.call("POST", base(), body);
    expect(response.status).toBe(status);
    const answer = (await response.json()) as { error: string };
    expect(answer.error).toContain(message);
  }
  expect(await rowCount()).toBe(before);

  const other = await api.create<SavedReply>(base(), { title: "B", shortcut: "other", body: "b" });
  // Renaming onto a taken shortcut leaves the reply as it was.
  expect(
    (await api.call("PUT", `${base()}/${other.id}`, { title: "B", shortcut: "taken", body: "b" })).status,
  ).toBe(409);
  const [row] = await api.sql`SELECT shortcut FROM saved_replies WHERE id = ${other.id}`;
  expect(row.shortcut).toBe("other");
  expect(
    (await api.call("PUT", `${base()}/no-such-id`, { title: "B", shortcut: "zzz", body: "b" })).status,
  ).toBe(404);
  expect((await api.call("GET", "/api/projects/no-such-project/saved-replies")).status).toBe(404);
  expect(
    (
      await api.call("POST", "/api/projects/no-such-project/saved-replies", {
        title: "B",
        shortcut: "b",
        body: "b",
      })
    ).status,
  ).toBe(404);
});

test("admins only: a USER and nobody are refused and write nothing", async () => {
  const before = await rowCount();
  const body = { title: "Sneaky", shortcut: "sneaky", body: "x" };
  expect((await api.call("POST", base(), body, api.userToken)).status).toBe(403);
  expect((await api.call("POST", base(), body, null)).status).toBe(401);
  expect((await api.call("GET", base(), undefined, api.userToken)).status).toBe(403);
  expect(await rowCount()).toBe(before);
});
