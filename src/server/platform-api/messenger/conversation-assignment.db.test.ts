import { beforeAll, describe, expect, test } from "bun:test";
import type { AdminAlerts } from "../../../shared/alerts-api.ts";
import type { AdminConversation, AdminConversationSummary } from "../../../shared/conversations-api.ts";
import type { ListPage } from "../../../shared/list-page-api.ts";
import { auditActions } from "../../test-support/audit-log.ts";
import { startMessengerTest } from "../../test-support/messenger-test-support.ts";
import { createSignInAccount } from "../../test-support/sign-in-accounts.ts";
import { openStaffSocket } from "../../test-support/staff-socket-client.ts";
import { startedBeforeAll } from "../../test-support/test-lifecycle.ts";

let grace: { id: string; token: string };

const t = startedBeforeAll(startMessengerTest);
beforeAll(async () => {
  grace = await t.api.newAdmin("Grace");
});

/** A visitor's new conversation; its admin id. */
async function conversation(text: string): Promise<string> {
  const visitor = await t.session();
  return (await t.startConversation(visitor, { text })).id;
}

const list = (query: string) => t.adminGet<ListPage<AdminConversationSummary>>(`/conversations${query}`);

describe("conversation assignment", () => {
  test("assign, heard live by another admin, listed by assignee, audited; unassign", async () => {
    const id = await conversation("Assign this conversation");
    expect((await t.adminGet<AdminConversation>(`/conversations/${id}`)).assignee).toBeNull();
    const staff = await openStaffSocket(t.mainUrl, grace.token);
    try {
      const assigned = await t.admin<AdminConversation>(
        "POST",
        `/conversations/${id}/assign`,
        { assigneeId: grace.id },
        200,
      );
      expect(assigned.assignee).toEqual({ id: grace.id, name: "Grace" });
      const push = await staff.push("conversation-assigned", (p) => p.data.conversationId === id);
      expect(push.data).toEqual({
        conversationId: id,
        projectId: t.projectId,
        assignee: { id: grace.id, name: "Grace" },
      });
    } finally {
      staff.close();
    }
    expect((await list(`?assigneeId=${grace.id}&q=assign this`)).items.map((item) => item.id)).toEqual([id]);
    expect((await list("?assigneeId=none&q=assign this")).items).toEqual([]);

    // Given to Grace: the other admin's alert no longer counts it; Grace's does.
    const mine = await t.api.getJson<AdminAlerts>("/api/admin/alerts");
    const hers = await t.api.getJson<AdminAlerts>("/api/admin/alerts", grace.token);
    expect(hers.conversations).toBe(mine.conversations + 1);

    // The same assignee again changes nothing and is not audited twice.
    await t.admin("POST", `/conversations/${id}/assign`, { assigneeId: grace.id }, 200);
    const unassigned = await t.admin<AdminConversation>(
      "POST",
      `/conversations/${id}/assign`,
      { assigneeId: null },
      200,
    );
    expect(unassigned.assignee).toBeNull();
    expect(await auditActions(t.api.sql, id)).toEqual(["conversation.assign", "conversation.assign"]);
    expect((await list("?assigneeId=none&q=assign this")).items.map((item) => item.id)).toEqual([id]);
  });

  test("a non-admin, a missing body or an unknown conversation is refused and changes nothing", async () => {
    const id = await conversation("Refuse this assignment");
    const member = await createSignInAccount(t.api.sql, {
      name: "Plain member",
      email: "plain-member@example.com",
      password: "plain-password",
    });
    const refused = await t.api.call("POST", `/api/projects/${t.projectId}/conversations/${id}/assign`, {
      assigneeId: member.id,
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: "assigneeId must name an admin", field: "assigneeId" });
    const empty = await t.api.call("POST", `/api/projects/${t.projectId}/conversations/${id}/assign`, {});
    expect(empty.status).toBe(400);
    const missing = await t.api.call("POST", `/api/projects/${t.projectId}/conversations/nope/assign`, {
      assigneeId: null,
    });
    expect(missing.status).toBe(404);
    const [row] = await t.api.sql`SELECT assignee_id FROM conversations WHERE id = ${id}`;
    expect(row?.assignee_id).toBeNull();
    expect(await auditActions(t.api.sql, id)).toEqual([]);
  });
});
