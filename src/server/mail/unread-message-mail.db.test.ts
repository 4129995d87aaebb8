import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { SMTPServer } from "smtp-server";
import { loadConfig } from "../config.ts";
import { newAdmin } from "../test-support/admin-api-client.ts";
import { callApi, logIn } from "../test-support/api-calls.ts";
import {
  call,
  demoProjectId,
  startSession,
  type TestSession,
} from "../test-support/outbound-test-support.ts";
import { startTestServer, type TestServer } from "../test-support/test-server.ts";

interface Received {
  to: string[];
  data: string;
}

// A minute on the server's clock, which the test moves on (`moveClockPastUnread`) instead of waiting.
const unreadMinutes = "1";
const dueWithinMs = 6000;
/** How far the server's clock is ahead of the real one. */
let clockAhead = 0;
/** Background checks begun so far: each reads the clock once, and one runs at a time. */
let checks = 0;

let smtp: SMTPServer;
let smtpPort = 0;
const received: Received[] = [];
let server: TestServer;
let adminToken = "";
let projectId = "";
let second: { id: string; token: string };

/** A real SMTP server on loopback, as mail-dispatcher.db.test.ts: the outbox is delivered to it. */
beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      let data = "";
      stream.on("data", (chunk: Buffer) => {
        data += chunk.toString("utf8");
      });
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), data });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", () => resolve()));
  smtpPort = (smtp.server.address() as { port: number }).port;
  server = await startTestServer(
    {
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_FROM: "Morph <noreply@example.com>",
      UNREAD_ALERT_MINUTES: unreadMinutes,
    },
    {
      // The outbox and the unread check every 50 ms, the check on a clock the test moves on.
      mailDispatchMs: 50,
      unreadMail: {
        intervalMs: 50,
        now: () => {
          checks++;
          return Date.now() + clockAhead;
        },
      },
    },
  );
  adminToken = await logIn(server.mainUrl, "admin@example.com", "admin");
  projectId = await demoProjectId(server.db.sql);
  second = await newAdmin(server, "Second");
});

afterAll(async () => {
  await server?.dispose();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

async function until(condition: () => Promise<boolean> | boolean, ms = dueWithinMs) {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await Bun.sleep(50);
  }
}

// Each test starts with the server's clock on time: nothing it writes is due until it says so.
beforeEach(() => {
  clockAhead = 0;
});

/** Every visitor message written so far is past the unread time on the server's clock from now on. */
function moveClockPastUnread() {
  clockAhead = Number(unreadMinutes) * 60_000 + 1000;
}

/**
 * Waits until a whole background check ran after this call: the second check begun from now on starts
 * only once the first has ended, and the first began after everything the test wrote before.
 */
async function aCheckHasRun() {
  const from = checks;
  await until(() => checks >= from + 2);
}

/** The outbox rows about a conversation, by its subject (the visitor's first words). */
async function mailsAbout(words: string): Promise<Array<{ to: string; body: string }>> {
  const rows = await server.db.sql`SELECT to_address, body FROM mail_outbox
    WHERE subject LIKE ${`%${words}%`} ORDER BY created_at, to_address`;
  return (rows as Array<{ to_address: string; body: string }>).map((row) => ({
    to: row.to_address,
    body: row.body,
  }));
}

async function startConversation(text: string): Promise<{ session: TestSession; id: string; token: string }> {
  const session = await startSession(server.mainUrl);
  const response = await call(server.mainUrl, session, "POST", "/conversations", { text });
  expect(response.status).toBe(201);
  const { shareToken } = (await response.json()) as { shareToken: string };
  const [row] = await server.db.sql`SELECT id FROM conversations WHERE share_token = ${shareToken}`;
  return { session, id: String(row?.id), token: shareToken };
}

async function visitorWrites(conversation: { session: TestSession; token: string }, text: string) {
  const response = await call(
    server.mainUrl,
    conversation.session,
    "POST",
    `/conversations/${conversation.token}/messages`,
    {
      text,
    },
  );
  expect(response.status).toBe(201);
}

async function staff(method: string, path: string, body?: unknown) {
  const response = await callApi(
    server.mainUrl,
    method,
    `/api/projects/${projectId}/conversations${path}`,
    body,
    adminToken,
  );
  expect(response.status).toBe(200);
}

describe("the unread e-mail", () => {
  test("unassigned: every admin is mailed once per burst of unread messages, through SMTP", async () => {
    const conversation = await startConversation("Unread one: where is my parcel?");
    moveClockPastUnread();
    await until(async () => (await mailsAbout("Unread one")).length === 2);
    const mails = await mailsAbout("Unread one");
    expect(mails.map((mail) => mail.to)).toEqual(["admin@example.com", "second@example.com"]);
    expect(mails[0]?.body).toContain("> Unread one: where is my parcel?");
    expect(mails[0]?.body).toContain(
      `${server.mainUrl}/dashboard/conversations/${projectId}/${conversation.id}`,
    );
    await until(() =>
      received.some((mail) => mail.to.includes("second@example.com") && mail.data.includes("Unread one")),
    );

    // Still unread: more messages of the same burst mail nobody again, also once they are due.
    await visitorWrites(conversation, "Hello? Anyone there?");
    moveClockPastUnread();
    await aCheckHasRun();
    expect(await mailsAbout("Unread one")).toHaveLength(2);

    // Staff read it; the visitor writes again later: a new burst, a new mail.
    await staff("POST", `/${conversation.id}/read`);
    await visitorWrites(conversation, "One more thing");
    moveClockPastUnread();
    await until(async () => (await mailsAbout("Unread one")).length === 4);
    const latest = (await mailsAbout("Unread one")).slice(2);
    expect(latest[0]?.body).toContain("> One more thing");
    expect(latest[0]?.body).not.toContain("where is my parcel");
  }, 20_000);

  test("assigned: only the assignee is mailed; read in time or closed: nobody", async () => {
    const assigned = await startConversation("Unread two: billing question");
    await staff("POST", `/${assigned.id}/assign`, { assigneeId: second.id });
    const read = await startConversation("Unread three: read in time");
    await staff("POST", `/${read.id}/read`);
    const closed = await startConversation("Unread four: closed");
    await staff("POST", `/${closed.id}/close`);

    moveClockPastUnread();
    await until(async () => (await mailsAbout("Unread two")).length > 0);
    await aCheckHasRun();
    expect((await mailsAbout("Unread two")).map((mail) => mail.to)).toEqual(["second@example.com"]);
    expect(await mailsAbout("Unread three")).toEqual([]);
    expect(await mailsAbout("Unread four")).toEqual([]);
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
