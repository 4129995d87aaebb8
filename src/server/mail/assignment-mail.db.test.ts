import { describe, expect, test } from "bun:test";
import { newAdmin } from "../test-support/admin-api-client.ts";
import { callApi } from "../test-support/api-calls.ts";
import { call, startSession } from "../test-support/outbound-test-support.ts";
import { openStaffSocket } from "../test-support/staff-socket-client.ts";
import { unreadMailServers, unreadMs, untilDue } from "../test-support/unread-mail-server.ts";

// Work given to an admin who has no admin screen open reaches them in the unread digest (the same
// mail, period and hourly cap as unread conversations), once, if they have not opened it by then; an
// admin with a screen open had the toast and is not mailed. The server's clock is moved on instead of
// waiting out the unread time.

const mailServers = unreadMailServers();

/** A server with the unread check every 50 ms on a clock the test moves forward. */
async function start(env: Record<string, string> = {}) {
  const base = await mailServers.start(env);
  const { server, projectId, adminToken: giver } = base;
  const expectOk = async (response: Promise<Response>) => expect((await response).status).toBeLessThan(300);
  return {
    ...base,
    async conversation(subject: string) {
      const session = await startSession(server.mainUrl);
      const response = await call(server.mainUrl, session, "POST", "/conversations", {
        text: "Hello",
        subject,
      });
      const { shareToken } = (await response.json()) as { shareToken: string };
      const [row] = await server.db.sql`SELECT id FROM conversations WHERE share_token = ${shareToken}`;
      const id = String(row?.id);
      // Read by staff at once: only the assignment, not an unread message, can be mailed about.
      await expectOk(
        callApi(server.mainUrl, "POST", `/api/projects/${projectId}/conversations/${id}/read`, {}, giver),
      );
      return id;
    },
    assign(conversationId: string, assigneeId: string, token = giver) {
      return expectOk(
        callApi(
          server.mainUrl,
          "POST",
          `/api/projects/${projectId}/conversations/${conversationId}/assign`,
          { assigneeId },
          token,
        ),
      );
    },
    open(conversationId: string, token: string) {
      return expectOk(
        callApi(
          server.mainUrl,
          "GET",
          `/api/projects/${projectId}/conversations/${conversationId}`,
          undefined,
          token,
        ),
      );
    },
    async report(description: string) {
      const session = await startSession(server.mainUrl);
      const response = await call(server.mainUrl, session, "POST", "/bugs/v2", { formData: { description } });
      return ((await response.json()) as { id: string }).id;
    },
    assignReport(reportId: string, assigneeId: string) {
      return expectOk(callApi(server.mainUrl, "PATCH", `/api/feedback/${reportId}`, { assigneeId }, giver));
    },
  };
}

describe("work given to an admin who is away", () => {
  test("is in their digest once; an admin with a screen open is not mailed until they leave it unopened", async () => {
    const t = await start();
    const away = await newAdmin(t.server, "Away");
    const here = await newAdmin(t.server, "Here");
    const opened = await newAdmin(t.server, "Opener");
    const hereSocket = await openStaffSocket(t.server.mainUrl, here.token);
    const awayConversation = await t.conversation("Refund for order 1182");
    const awayReport = await t.report("Export button hangs");
    const hereConversation = await t.conversation("Password reset mail");
    const openedConversation = await t.conversation("Opened in time");
    await t.assign(awayConversation, away.id);
    await t.assignReport(awayReport, away.id);
    await t.assign(hereConversation, here.id);
    await t.assign(openedConversation, opened.id);
    await t.open(openedConversation, opened.token);

    t.advance(unreadMs + 1000);
    await untilDue(async () => (await t.mails()).length === 1);
    await t.aCheckHasRun();
    let mails = await t.mails();
    expect(mails.map((mail) => mail.to)).toEqual(["away@example.com"]);
    const [mail] = mails;
    expect(mail?.subject).toBe("Assigned to you: 2 items not opened yet");
    expect(mail?.body).toMatch(/^- Refund for order 1182 \(conversation, given to you by admin\)$/m);
    expect(mail?.body).toMatch(/^- FB-\d+ Export button hangs \(report, given to you by admin\)$/m);
    expect(mail?.body).toContain(
      `${t.server.mainUrl}/dashboard/conversations/${t.projectId}/${awayConversation}`,
    );
    expect(mail?.body).toContain(`${t.server.mainUrl}/dashboard/inbox/${awayReport}`);
    await untilDue(() => mailServers.received().some((mail) => mail.data.includes("Refund for order 1182")));

    // Once: the next periods mail the same work to nobody. The admin who was here leaves the
    // dashboard without opening theirs: now it is theirs to read about.
    t.advance(unreadMs);
    await t.aCheckHasRun();
    expect(await t.mails()).toHaveLength(1);
    hereSocket.close();
    t.advance(unreadMs);
    await untilDue(async () => (await t.mails()).length === 2);
    mails = await t.mails();
    expect(mails[1]?.to).toBe("here@example.com");
    expect(mails[1]?.body).toContain("Password reset mail");
    for (const sent of mails) expect(sent.body).not.toContain("Opened in time");
  }, 30_000);

  test("capped like unread alerts: past the hourly cap it waits, unclaimed, for a later hour", async () => {
    const t = await start({ UNREAD_ALERT_MAILS_PER_HOUR: "1" });
    const first = await newAdmin(t.server, "First");
    const second = await newAdmin(t.server, "Second");
    await t.assign(await t.conversation("For the first"), first.id);
    await t.assign(await t.conversation("For the second"), second.id);
    t.advance(unreadMs + 1000);
    await untilDue(async () => (await t.mails()).length === 1);
    await t.aCheckHasRun();
    t.advance(unreadMs);
    await t.aCheckHasRun();
    await t.aCheckHasRun();
    expect(await t.mails()).toHaveLength(1);
    const unclaimed = await t.server.db.sql`SELECT count(*) AS n FROM assignment_events
      WHERE mailed_at IS NULL AND to_user_id IN (${first.id}, ${second.id})`;
    expect(Number(unclaimed[0]?.n)).toBe(1);
    // The next hour's window takes it.
    t.advance(60 * 60_000);
    await untilDue(async () => (await t.mails()).length === 2);
    expect((await t.mails()).map((mail) => mail.to).sort()).toEqual([
      "first@example.com",
      "second@example.com",
    ]);
  }, 30_000);
});
