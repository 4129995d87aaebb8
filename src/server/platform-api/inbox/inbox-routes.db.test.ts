import { beforeAll, describe, expect, test } from "bun:test";
import type { Conversation, ConversationSummary } from "../../../shared/conversations-api.ts";
import type { InboxReport } from "../../../shared/inbox-api.ts";
import { expectError } from "../../test-support/api-calls.ts";
import { auditActions } from "../../test-support/audit-log.ts";
import { bulkChange } from "../../test-support/feedback-bulk-change.ts";
import { type MessengerTest, startMessengerTest } from "../../test-support/messenger-test-support.ts";
import {
  createOtherProject,
  nextBesidesCount,
  openSocket,
  type TestSession,
} from "../../test-support/outbound-test-support.ts";
import { expectRefusedWrite } from "../../test-support/refused-writes.ts";
import { createSignInAccount } from "../../test-support/sign-in-accounts.ts";
import { openStaffSocket } from "../../test-support/staff-socket-client.ts";
import { startBeforeAll } from "../../test-support/test-lifecycle.ts";

let t: MessengerTest;
let visitor: TestSession;
let secondAdmin: { id: string; token: string };

interface Page<T> {
  items: T[];
  total: number;
}

type Detail = InboxReport & {
  read: boolean;
  conversation: { id: string; shareToken: string } | null;
  session: { id: string; email: string | null } | null;
  formData: Record<string, unknown>;
};

startBeforeAll(startMessengerTest, async (started) => {
  t = started;
  visitor = await t.identifiedSession({ email: "ada@example.com", name: "Ada" });
  secondAdmin = await t.api.newAdmin("Grace");
});

const inbox = (query: string, token?: string) =>
  t.api.getJson<Page<InboxReport>>(`/api/feedback${query}`, token);

/** The tables the inbox writes, whose rows show that a refused request wrote none. */
const inboxTables = [
  "feedback_reports",
  "feedback_report_reads",
  "audit_log",
  "conversations",
  "conversation_messages",
];

const expectRefused = (method: string, path: string, body: unknown, status: number, field?: string) =>
  expectRefusedWrite(t.api, inboxTables, { method, path, body }, status, field);

describe("inbox list filters, search and sort", () => {
  let ids: Record<string, string> = {};
  let otherProjectId = "";

  beforeAll(async () => {
    otherProjectId = await createOtherProject(t.api.sql);
    const [other] = await t.api.sql`SELECT sdk_key FROM widget_projects WHERE id = ${otherProjectId}`;
    ids = {
      low: (await t.report({ priority: "LOW", formData: { description: "Filter low: search needle" } })).id,
      high: (
        await t.report({ priority: "HIGH", type: "CRASH", formData: { description: "Filter high" } }, visitor)
      ).id,
      critical: (await t.report({ priority: "CRITICAL", formData: { subject: "Filter critical" } })).id,
      other: (
        await t.report(
          { priority: "MEDIUM", formData: { description: "Filter other" } },
          undefined,
          other.sdk_key,
        )
      ).id,
    };
  });

  test("by priority, project, type and search (text, reporter e-mail, FB-n)", async () => {
    expect((await inbox("?priority=critical&q=filter")).items.map((item) => item.id)).toEqual([
      ids.critical ?? "",
    ]);
    expect((await inbox(`?projectId=${otherProjectId}`)).items.map((item) => item.id)).toEqual([
      ids.other ?? "",
    ]);
    expect((await inbox("?type=crash&q=filter")).items.map((item) => item.id)).toEqual([ids.high ?? ""]);
    expect((await inbox("?q=NEEDLE")).items.map((item) => item.id)).toEqual([ids.low ?? ""]);
    const byEmail = await inbox("?q=ada@example");
    expect(byEmail.items.map((item) => item.id)).toContain(ids.high ?? "");
    expect(byEmail.items.every((item) => item.reporter.email === "ada@example.com")).toBe(true);
    const critical = (await inbox("?priority=CRITICAL&q=filter")).items[0];
    expect((await inbox(`?q=${critical?.shortId}`)).items.map((item) => item.id)).toContain(
      ids.critical ?? "",
    );
    // A flow without a description is listed by its first text field.
    expect(critical?.title).toBe("Filter critical");
  });

  test("priority sorts by rank, both ways", async () => {
    const down = (await inbox("?q=filter&sort=-priority")).items.map((item) => item.priority);
    expect(down).toEqual(["CRITICAL", "HIGH", "MEDIUM", "LOW"]);
    const up = (await inbox("?q=filter&sort=priority")).items.map((item) => item.priority);
    expect(up).toEqual(["LOW", "MEDIUM", "HIGH", "CRITICAL"]);
  });

  test("unread is per admin: opening a report marks it read for that admin only", async () => {
    const id = ids.low ?? "";
    expect((await inbox("?unread=true&q=filter")).items.map((item) => item.id)).toContain(id);
    const detail = await t.api.getJson<Detail>(`/api/feedback/${id}`);
    expect(detail.read).toBe(true);
    expect(detail.title).toBe("Filter low: search needle");
    expect((await inbox("?unread=true&q=filter")).items.map((item) => item.id)).not.toContain(id);
    expect((await inbox("?unread=false&q=filter")).items.map((item) => item.id)).toEqual([id]);
    // The other admin has not opened it.
    const theirs = await inbox("?unread=true&q=filter", secondAdmin.token);
    expect(theirs.items.map((item) => item.id)).toContain(id);

    expect((await t.api.call("POST", `/api/feedback/${id}/unread`)).status).toBe(204);
    expect((await inbox("?unread=true&q=filter")).items.map((item) => item.id)).toContain(id);
    expect((await t.api.call("POST", `/api/feedback/${id}/read`)).status).toBe(204);
    expect((await t.api.call("POST", `/api/feedback/${id}/read`)).status).toBe(204);
    expect((await inbox("?unread=true&q=filter")).items.map((item) => item.id)).not.toContain(id);
  });

  test.each([
    ["status=NOPE", "status"],
    ["priority=urgent", "priority"],
    ["unread=maybe", "unread"],
    ["sort=reporter", "sort"],
    ["pageSize=500", "pageSize"],
  ])("?%s answers 400 naming the parameter", async (query, field) => {
    const response = await t.api.call("GET", `/api/feedback?${query}`);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { field: string }).field).toBe(field);
  });

  test("read marks of an unknown report are 404s that write nothing", async () => {
    await expectRefused("POST", "/api/feedback/no-such-report/read", undefined, 404);
    await expectRefused("POST", "/api/feedback/no-such-report/unread", undefined, 404);
  });
});

describe("triage: status, priority, tags and assignee", () => {
  test("PATCH changes what it names, audits it, and other admins hear it on their socket", async () => {
    const { id } = await t.report({ formData: { description: "Triage me" } });
    const staff = await openStaffSocket(t.mainUrl, secondAdmin.token);
    try {
      const updated = await t.api.expectJson<Detail>(
        "PATCH",
        `/api/feedback/${id}`,
        {
          status: "IN_PROGRESS",
          priority: "HIGH",
          tags: [" checkout ", "checkout", "ui"],
          assigneeId: secondAdmin.id,
        },
        200,
      );
      expect(updated).toMatchObject({
        status: "IN_PROGRESS",
        priority: "HIGH",
        tags: ["checkout", "ui"],
        assignee: { id: secondAdmin.id, name: "Grace" },
      });
      const push = await staff.push("report-updated", (p) => p.data.id === id);
      expect(push.data).toEqual({
        id,
        projectId: updated.projectId,
        status: "IN_PROGRESS",
        priority: "HIGH",
        tags: ["checkout", "ui"],
        assignee: { id: secondAdmin.id, name: "Grace" },
      });
      // An assignment alone reaches the other pages too (they used to keep showing "Nobody").
      await t.api.expectJson("PATCH", `/api/feedback/${id}`, { assigneeId: t.api.adminId }, 200);
      const reassigned = await staff.push(
        "report-updated",
        (p) => p.data.id === id && p.data.assignee?.id === t.api.adminId,
      );
      expect(reassigned.data.status).toBe("IN_PROGRESS");
      await t.api.expectJson("PATCH", `/api/feedback/${id}`, { assigneeId: secondAdmin.id }, 200);
      await staff.push("report-updated", (p) => p.data.id === id && p.data.assignee?.id === secondAdmin.id);
    } finally {
      staff.close();
    }
    expect((await inbox(`?assigneeId=${secondAdmin.id}`)).items.map((item) => item.id)).toEqual([id]);
    const unassigned = await t.api.expectJson<Detail>(
      "PATCH",
      `/api/feedback/${id}`,
      { assigneeId: null },
      200,
    );
    expect(unassigned.assignee).toBeNull();
    expect(unassigned.status).toBe("IN_PROGRESS");
    expect((await inbox("?assigneeId=none&q=triage")).items.map((item) => item.id)).toEqual([id]);
    const audits = await t.api
      .sql`SELECT action, actor_id FROM audit_log WHERE entity_id = ${id} ORDER BY created_at`;
    expect(audits).toEqual(
      Array.from({ length: 4 }, () => ({ action: "feedback.update", actor_id: t.api.adminId })),
    );
  });

  test("an assignee who is not an admin, a bad status or too many tags are 400s that write nothing", async () => {
    const { id } = await t.report({ formData: { description: "Not assignable" } });
    const member = await createSignInAccount(t.api.sql, { name: "Plain", password: "plain-password" });
    const answer = await expectRefused(
      "PATCH",
      `/api/feedback/${id}`,
      { assigneeId: member.id },
      400,
      "assigneeId",
    );
    expect(answer.error).toBe("assigneeId must name an admin");
    await expectRefused("PATCH", `/api/feedback/${id}`, { assigneeId: "nobody" }, 400, "assigneeId");
    await expectRefused("PATCH", `/api/feedback/${id}`, { status: "CLOSED" }, 400, "status");
    await expectRefused(
      "PATCH",
      `/api/feedback/${id}`,
      { tags: Array.from({ length: 21 }, (_, i) => `t${i}`) },
      400,
    );
    await expectRefused("PATCH", `/api/feedback/${id}`, { priority: "HIGH", extra: 1 }, 400, "extra");
    await expectRefused("PATCH", "/api/feedback/no-such-report", { priority: "HIGH" }, 404);
  });

  test("bulk status changes every listed report that exists, one audit entry each", async () => {
    const a = await t.report({ formData: { description: "Bulk a" } });
    const b = await t.report({ formData: { description: "Bulk b" } });
    const answer = await bulkChange(t.api, { ids: [a.id, b.id, b.id, "missing"], status: "DONE" });
    expect(answer).toEqual({ updated: 2 });
    expect((await inbox("?status=DONE&q=bulk")).items.map((item) => item.id).sort()).toEqual(
      [a.id, b.id].sort(),
    );
    // Already done: nothing changes, nothing is audited.
    expect(await bulkChange(t.api, { ids: [a.id], status: "DONE" })).toEqual({ updated: 0 });
    const audits = await t.api.sql`SELECT entity_id FROM audit_log WHERE action = ${"feedback.update"}
      AND entity_id IN ${t.api.sql([a.id, b.id])}`;
    expect(audits).toHaveLength(2);
    await expectRefused("POST", "/api/feedback/bulk", { ids: [], status: "DONE" }, 400, "ids");
    await expectRefused("POST", "/api/feedback/bulk", { ids: [a.id], status: "WONTFIX" }, 400, "status");
    await expectRefused("POST", "/api/feedback/bulk", { ids: [a.id] }, 400);
  });

  test("bulk assignment: assigned and unassigned together, heard live, a non-admin refused", async () => {
    const a = await t.report({ formData: { description: "Bulk assign a" } });
    const b = await t.report({ formData: { description: "Bulk assign b" } });
    const staff = await openStaffSocket(t.mainUrl, secondAdmin.token);
    try {
      expect(await bulkChange(t.api, { ids: [a.id, b.id], assigneeId: secondAdmin.id })).toEqual({
        updated: 2,
      });
      for (const id of [a.id, b.id]) {
        const push = await staff.push("report-updated", (p) => p.data.id === id);
        expect(push.data.assignee).toEqual({ id: secondAdmin.id, name: "Grace" });
      }
    } finally {
      staff.close();
    }
    expect((await inbox(`?assigneeId=${secondAdmin.id}&q=bulk assign`)).total).toBe(2);
    // Status and assignee in one call; a report already in that state is not counted again.
    expect(await bulkChange(t.api, { ids: [a.id, b.id], assigneeId: null, status: "IN_PROGRESS" })).toEqual({
      updated: 2,
    });
    expect(await bulkChange(t.api, { ids: [a.id], assigneeId: null })).toEqual({ updated: 0 });
    expect((await inbox("?assigneeId=none&status=IN_PROGRESS&q=bulk assign")).total).toBe(2);
    const member = await createSignInAccount(t.api.sql, {
      name: "Bulk member",
      email: "bulk-member@example.com",
      password: "member-password",
    });
    const refused = await expectRefused(
      "POST",
      "/api/feedback/bulk",
      { ids: [a.id], assigneeId: member.id },
      400,
      "assigneeId",
    );
    expect(refused.error).toBe("assigneeId must name an admin");
  });
});

describe("reply to the reporter", () => {
  test("opens a conversation for the report's session, arrives live, and later replies reuse it", async () => {
    const { id, shortId } = await t.report({ formData: { description: "The export is broken" } }, visitor);
    let conversationId = "";
    const socket = await openSocket(t.mainUrl, visitor);
    try {
      const first = await t.api.create<{ conversation: { id: string; shareToken: string } }>(
        `/api/feedback/${id}/reply`,
        { text: "<p>Thanks, we are on it</p><script>alert(1)</script>" },
      );
      // The socket was opened with nothing unread; the count it is told on opening, read after the
      // reply, may come first (a bare count, no offer).
      const push = await nextBesidesCount(socket);
      expect(push.name).toBe("conversation-message");
      if (push.name !== "conversation-message") return;
      expect(push.data.shareToken).toBe(first.conversation.shareToken);
      expect(push.data.message).toMatchObject({
        author: "staff",
        name: "admin",
        text: "<p>Thanks, we are on it</p>",
      });
      expect(push.data.unread).toBe(1);
      expect(await nextBesidesCount(socket)).toMatchObject({
        name: "update",
        data: {
          a: [
            {
              actionType: "notification",
              data: {
                text: "<p>Thanks, we are on it</p>",
                sender: { name: "admin" },
                conversation: { shareToken: first.conversation.shareToken },
              },
            },
          ],
          u: 1,
        },
      });

      const second = await t.api.create<{ conversation: { id: string } }>(`/api/feedback/${id}/reply`, {
        text: "Fixed now.",
      });
      expect(second.conversation.id).toBe(first.conversation.id);
      conversationId = first.conversation.id;
    } finally {
      socket.close();
    }
    const list = await t.widgetGet<ConversationSummary[]>(visitor, "/conversations");
    const mine = list.filter((summary) => summary.subject.startsWith("Re: The export is broken"));
    expect(mine).toHaveLength(1);
    expect(mine[0]?.unread).toBe(2);
    const token = mine[0]?.shareToken ?? "";
    const conversation = await t.widgetGet<Conversation>(visitor, `/conversations/${token}`);
    expect(conversation.messages.map((message) => message.text)).toEqual([
      "<p>Thanks, we are on it</p>",
      "Fixed now.",
    ]);

    const detail = await t.api.getJson<Detail>(`/api/feedback/${id}`);
    expect(detail.conversation).toMatchObject({ id: conversationId, shareToken: token });
    expect(detail.session?.email).toBe("ada@example.com");
    expect(shortId).toMatch(/^FB-\d+$/);
    expect(await auditActions(t.api.sql, id)).toEqual(["feedback.reply", "feedback.reply"]);
  });

  test("a report without a session, an empty text or an unknown report is refused and writes nothing", async () => {
    const anonymous = await t.report({ formData: { description: "No session" } });
    const answer = await expectRefused("POST", `/api/feedback/${anonymous.id}/reply`, { text: "Hello" }, 409);
    expect(answer.error).toBe(
      "This report was sent without a visitor session, so there is nobody to reply to",
    );
    const withSession = await t.report({ formData: { description: "Empty reply" } }, visitor);
    await expectRefused(
      "POST",
      `/api/feedback/${withSession.id}/reply`,
      { text: "<script>x</script>" },
      400,
      "text",
    );
    await expectRefused("POST", `/api/feedback/${withSession.id}/reply`, { text: "" }, 400, "text");
    await expectRefused("POST", "/api/feedback/no-such-report/reply", { text: "Hello" }, 404);
  });
});

describe("the staff socket", () => {
  test("is refused before the upgrade without a token, with a forged one, or for a USER", async () => {
    const url = `${t.mainUrl}/api/admin/ws`;
    expect((await fetch(url)).status).toBe(401);
    expect((await fetch(`${url}?token=forged.token.value`)).status).toBe(401);
    await expectError(await fetch(`${url}?token=${t.api.userToken}`), 403, {
      error: "You are not authorized to use this dashboard.",
    });
    await expect(openStaffSocket(t.mainUrl, t.api.userToken)).rejects.toThrow("did not open");
    // An admin's token over plain HTTP is not an upgrade.
    expect((await fetch(`${url}?token=${t.api.adminToken}`)).status).toBe(400);
  });

  test("answers PING with PONG and hears reports, visitor messages, typing and status changes", async () => {
    const staff = await openStaffSocket(t.mainUrl, t.api.adminToken);
    try {
      staff.socket.send("PING");
      await staff.frame("PONG");

      const { id } = await t.report({ formData: { description: "Live arrival" } }, visitor);
      const created = await staff.push("report-created", (push) => push.data.id === id);
      expect(created.data).toMatchObject({
        title: "Live arrival",
        unread: true,
        reporter: { email: "ada@example.com" },
      });

      const { conversation: started, id: conversationId } = await t.startConversation(visitor, {
        text: "Anyone there?",
      });
      const message = await staff.push(
        "conversation-message",
        (push) => push.data.conversationId === conversationId,
      );
      expect(message.data).toMatchObject({ projectId: t.projectId, unreadForStaff: 1 });
      expect((message.data.message as { text: string }).text).toBe("Anyone there?");

      await t.widgetJson(
        visitor,
        "POST",
        `/conversations/${started.shareToken}/typing`,
        { typing: true },
        204,
      );
      const typing = await staff.push(
        "conversation-typing",
        (push) => push.data.conversationId === conversationId,
      );
      expect(typing.data.typing).toBe(true);

      await t.admin("POST", `/conversations/${conversationId}/close`, undefined, 200);
      const status = await staff.push(
        "conversation-status",
        (push) => push.data.conversationId === conversationId,
      );
      expect(status.data.status).toBe("closed");
    } finally {
      staff.close();
    }
  });
});
