import { describe, expect, spyOn, test } from "bun:test";
import { defaultUnreadMailsPerHour, loadConfig } from "../config.ts";
import { newAdmin } from "../test-support/admin-api-client.ts";
import { callApi } from "../test-support/api-calls.ts";
import { call, startSession, type TestSession } from "../test-support/outbound-test-support.ts";
import {
  type OutboxMail,
  unreadMailServers,
  unreadMs,
  untilDue,
} from "../test-support/unread-mail-server.ts";

const subjectPattern = /^Unread: \d+ conversations? waiting for an answer$/;

const mailServers = unreadMailServers();

async function serverForTest(env: Record<string, string> = {}) {
  const base = await mailServers.start(env);
  const { server, projectId, adminToken } = base;
  const staff = async (method: string, path: string, body?: unknown) => {
    const response = await callApi(
      server.mainUrl,
      method,
      `/api/projects/${projectId}/conversations${path}`,
      body,
      adminToken,
    );
    expect(response.status).toBe(200);
  };
  return {
    ...base,
    staff,
    /** An admin who ticked "unassigned conversations" on their profile (or did not). */
    async admin(name: string, wantsUnassigned: boolean) {
      const made = await newAdmin(server, name);
      const response = await callApi(
        server.mainUrl,
        "PUT",
        "/api/admin/profile/unread-mail",
        { unassigned: wantsUnassigned },
        made.token,
      );
      expect(response.status).toBe(200);
      expect(((await response.json()) as { unassignedUnreadMail: boolean }).unassignedUnreadMail).toBe(
        wantsUnassigned,
      );
      return made;
    },
    async startConversation(session: TestSession, body: { text: string; subject?: string }) {
      const response = await call(server.mainUrl, session, "POST", "/conversations", body);
      expect(response.status).toBe(201);
      const { shareToken } = (await response.json()) as { shareToken: string };
      const [row] = await server.db.sql`SELECT id FROM conversations WHERE share_token = ${shareToken}`;
      return { session, id: String(row?.id), token: shareToken };
    },
    async visitorWrites(conversation: { session: TestSession; token: string }, text: string) {
      const response = await call(
        server.mainUrl,
        conversation.session,
        "POST",
        `/conversations/${conversation.token}/messages`,
        { text },
      );
      expect(response.status).toBe(201);
    },
  };
}

const to = (mails: OutboxMail[], address: string) => mails.filter((mail) => mail.to === address);

describe("the unread alert", () => {
  test("the assignee hears of an assigned conversation; unassigned ones reach only admins who asked, through SMTP", async () => {
    const t = await serverForTest();
    const second = await t.admin("Second", false);
    await t.admin("Third", true);
    const session = await startSession(t.server.mainUrl);
    const unassigned = await t.startConversation(session, { text: "Where is my parcel?" });
    const assigned = await t.startConversation(session, { text: "Billing question" });
    await t.staff("POST", `/${assigned.id}/assign`, { assigneeId: second.id });
    const read = await t.startConversation(session, { text: "Read in time" });
    await t.staff("POST", `/${read.id}/read`);
    const closed = await t.startConversation(session, { text: "Closed one" });
    await t.staff("POST", `/${closed.id}/close`);

    t.advance(unreadMs + 1000);
    await untilDue(async () => (await t.mails()).length === 2);
    await t.aCheckHasRun();
    const mails = await t.mails();
    expect(mails.map((mail) => mail.to).sort()).toEqual(["second@example.com", "third@example.com"]);
    const [toSecond] = to(mails, "second@example.com");
    expect(toSecond?.subject).toBe("Unread: 1 conversation waiting for an answer");
    expect(toSecond?.body).toContain("- Billing question (from a visitor, assigned to you)");
    expect(toSecond?.body).toContain(
      `${t.server.mainUrl}/dashboard/conversations/${t.projectId}/${assigned.id}`,
    );
    expect(toSecond?.body).not.toContain("parcel");
    const [toThird] = to(mails, "third@example.com");
    expect(toThird?.body).toContain("- Where is my parcel? (from a visitor, unassigned)");
    expect(toThird?.body).toContain(
      `${t.server.mainUrl}/dashboard/conversations/${t.projectId}/${unassigned.id}`,
    );
    for (const mail of mails) {
      expect(mail.body).not.toContain("Read in time");
      expect(mail.body).not.toContain("Closed one");
    }
    await untilDue(() =>
      mailServers
        .received()
        .some((mail) => mail.to.includes("third@example.com") && mail.data.includes("parcel")),
    );
  }, 20_000);

  test("one mail per burst of unread messages; read, then written to again: the next period's digest", async () => {
    const t = await serverForTest();
    await t.admin("Third", true);
    const conversation = await t.startConversation(await startSession(t.server.mainUrl), {
      text: "Unread one: where is my parcel?",
    });
    t.advance(unreadMs + 1000);
    await untilDue(async () => (await t.mails()).length === 1);

    // Still unread: more messages of the same burst mail nobody again, also once they are due.
    await t.visitorWrites(conversation, "Hello? Anyone there?");
    t.advance(unreadMs + 1000);
    await t.aCheckHasRun();
    expect(await t.mails()).toHaveLength(1);

    // Staff read it; the visitor writes again later: a new burst, a new digest.
    await t.staff("POST", `/${conversation.id}/read`);
    await t.visitorWrites(conversation, "One more thing");
    t.advance(unreadMs + 1000);
    await untilDue(async () => (await t.mails()).length === 2);
    expect((await t.mails()).map((mail) => mail.to)).toEqual(["third@example.com", "third@example.com"]);
  }, 20_000);

  test("a flood of conversations: one digest per admin per period, visitor text never in a subject", async () => {
    const t = await serverForTest();
    const asked = ["third@example.com", "fourth@example.com"];
    await t.admin("Second", false);
    await t.admin("Third", true);
    await t.admin("Fourth", true);
    const hostile = "Reset your password at http://evil.example\r\nBcc: everyone@example.com";
    // Three sessions from one address, five conversations each: the most they may start in an hour.
    for (let visitor = 0; visitor < 3; visitor++) {
      const session = await startSession(t.server.mainUrl);
      for (let n = 0; n < 5; n++)
        await t.startConversation(session, { text: `Flood ${visitor}-${n}`, subject: `${hostile} ${n}` });
    }
    t.advance(unreadMs + 1000);
    await untilDue(async () => (await t.mails()).length === asked.length);
    await t.aCheckHasRun();
    let mails = await t.mails();
    expect(mails.map((mail) => mail.to).sort()).toEqual([...asked].sort());
    for (const mail of mails) {
      expect(mail.subject).toBe("Unread: 15 conversations waiting for an answer");
      // Five listed, on one line each, the rest counted.
      expect(mail.body.match(/^- Reset your password at http:\/\/evil\.example Bcc:/gm)).toHaveLength(5);
      expect(mail.body).toContain("…and 10 more.");
    }

    // Five more within the same period (due at once on the clock moved on): they wait for the next.
    const late = await startSession(t.server.mainUrl);
    for (let n = 0; n < 5; n++) await t.startConversation(late, { text: `Late ${n}`, subject: hostile });
    await t.aCheckHasRun();
    await t.aCheckHasRun();
    expect(await t.mails()).toHaveLength(asked.length);
    t.advance(unreadMs);
    await untilDue(async () => (await t.mails()).length === 2 * asked.length);
    await t.aCheckHasRun();
    mails = await t.mails();
    expect(mails).toHaveLength(2 * asked.length);
    for (const address of asked) expect(to(mails, address)).toHaveLength(2);
    expect(mails.slice(asked.length).map((mail) => mail.subject)).toEqual(
      asked.map(() => "Unread: 5 conversations waiting for an answer"),
    );
    for (const mail of mails) {
      expect(mail.subject).toMatch(subjectPattern);
      expect(mail.subject).not.toContain("evil");
    }
  }, 30_000);

  test("past the hourly cap, alerts are not queued and a warning is logged once", async () => {
    const logged = spyOn(console, "log");
    try {
      const t = await serverForTest({ UNREAD_ALERT_MAILS_PER_HOUR: "1", LOG_LEVEL: "warn" });
      await t.admin("Third", true);
      await t.admin("Fourth", true);
      const session = await startSession(t.server.mainUrl);
      await t.startConversation(session, { text: "First wave" });
      t.advance(unreadMs + 1000);
      await untilDue(async () => (await t.mails()).length === 1);
      await t.aCheckHasRun();
      // A later period in the same hour: nothing more.
      await t.startConversation(session, { text: "Second wave" });
      t.advance(2 * unreadMs);
      await t.aCheckHasRun();
      await t.aCheckHasRun();
      expect(await t.mails()).toHaveLength(1);
      const warnings = logged.mock.calls
        .map(([line]) => String(line))
        .filter((line) => line.includes("unread alert mails reached their hourly cap"));
      expect(warnings).toHaveLength(1);
    } finally {
      logged.mockRestore();
    }
  }, 20_000);
});

test("UNREAD_ALERT_MINUTES: 15 by default, fractions and 0 (off) allowed, anything else refused", () => {
  expect(loadConfig({}).unreadMailMinutes).toBe(15);
  expect(loadConfig({ UNREAD_ALERT_MINUTES: "0.5" }).unreadMailMinutes).toBe(0.5);
  expect(loadConfig({ UNREAD_ALERT_MINUTES: "0" }).unreadMailMinutes).toBe(0);
  for (const bad of ["-1", "soon", "1e3", "20000"])
    expect(() => loadConfig({ UNREAD_ALERT_MINUTES: bad })).toThrow(
      "Invalid configuration: UNREAD_ALERT_MINUTES",
    );
});

test("UNREAD_ALERT_MAILS_PER_HOUR: 100 by default, a whole number from 1", () => {
  expect(loadConfig({}).unreadMailsPerHour).toBe(defaultUnreadMailsPerHour);
  expect(defaultUnreadMailsPerHour).toBe(100);
  expect(loadConfig({ UNREAD_ALERT_MAILS_PER_HOUR: "5" }).unreadMailsPerHour).toBe(5);
  for (const bad of ["0", "-1", "lots", "2.5"])
    expect(() => loadConfig({ UNREAD_ALERT_MAILS_PER_HOUR: bad })).toThrow(
      "Invalid configuration: UNREAD_ALERT_MAILS_PER_HOUR",
    );
});
