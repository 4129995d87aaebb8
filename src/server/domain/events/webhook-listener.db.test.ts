import { expect, test } from "bun:test";
import type { Conversation } from "../../../shared/conversations-api.ts";
import type { FeedbackReportCreated } from "../../../shared/host-visible-types.ts";
import type { WebhookEnvelope } from "../../../shared/webhooks-api.ts";
import { createLogger } from "../../logger.ts";
import { type MessengerTest, startMessengerTest } from "../../test-support/messenger-test-support.ts";
import { postReport, startWidgetSession } from "../../test-support/report-test-support.ts";
import { startBeforeAll } from "../../test-support/test-lifecycle.ts";
import {
  addMessage,
  findSessionConversation,
  type StoredConversation,
} from "../conversations/conversations-repository.ts";
import { findInboxReport } from "../inbox/inbox-repository.ts";
import { webhookReport } from "../webhooks/report-webhooks.ts";
import { createWebhookEvents } from "../webhooks/webhook-events.ts";
import { insertWebhook } from "../webhooks/webhooks-repository.ts";
import { createDomainEvents, type DomainEvents } from "./domain-events.ts";
import { webhookListener } from "./webhook-listener.ts";

/**
 * The webhook listener on a bus of the test's own, over the test server's database: what it is handed
 * lands in the webhook outbox (`webhook_deliveries`) as the envelope a receiver gets. The rows it
 * reads are written before the webhook exists, so the server's own events for them queue nothing.
 */
let t: MessengerTest;
let events: DomainEvents;
let conversation: StoredConversation;
let reportId: string;
let webhookId: string;

startBeforeAll(startMessengerTest, async (started) => {
  t = started;
  const session = await t.session();
  const opened = await t.widgetCreate<Conversation>(session, "/conversations", { text: "Hello" });
  const stored = await findSessionConversation(t.api.sql, session.gleapId, opened.shareToken);
  if (!stored) throw new Error("the conversation was not stored");
  conversation = stored;
  const body = JSON.stringify({ formData: { description: "The checkout button does nothing" } });
  const filed = await postReport(t.mainUrl, await startWidgetSession(t.mainUrl), body);
  reportId = ((await filed.json()) as FeedbackReportCreated).id;
  webhookId = await insertWebhook(t.api.sql, t.projectId, {
    url: "https://hooks.example/gleam",
    description: "",
    events: ["conversation.message", "report.created", "report.updated"],
    enabled: true,
  });
  events = createDomainEvents(createLogger("silent"));
  events.listen(webhookListener({ sql: t.api.sql, webhooks: createWebhookEvents(t.api.sql) }));
});

/** The envelopes queued for the webhook so far, oldest first. */
async function queued(): Promise<WebhookEnvelope[]> {
  const rows = await t.api.sql`SELECT event, body FROM webhook_deliveries
    WHERE webhook_id = ${webhookId} ORDER BY id`;
  return (rows as Array<{ event: string; body: string }>).map((row) => {
    const envelope = JSON.parse(row.body) as WebhookEnvelope;
    expect(envelope.type).toBe(row.event as WebhookEnvelope["type"]);
    return envelope;
  });
}

const add = (author: "visitor" | "staff" | "bot", text: string) =>
  t.api.sql.begin((tx) =>
    addMessage(tx, conversation, { author, name: author === "visitor" ? null : "Sam", text }),
  );

test("people's messages are queued as `conversation.message`; a bot's are not", async () => {
  const before = (await queued()).length;
  const { message: bots } = await add("bot", "I can help with that");
  await events.emit("conversation.message", { conversation, message: bots });
  const { message: staffs } = await add("staff", "On it");
  await events.emit("conversation.message", { conversation, message: staffs });
  const envelopes = (await queued()).slice(before);
  expect(envelopes).toHaveLength(1);
  expect(envelopes[0]).toMatchObject({
    type: "conversation.message",
    projectId: t.projectId,
    data: {
      conversation: { id: conversation.id, projectId: t.projectId, subject: "Hello", status: "open" },
      message: JSON.parse(JSON.stringify(staffs)),
    },
  });
});

test("a new report and its triage are queued with the report as the inbox reads it now", async () => {
  const before = (await queued()).length;
  await events.emit("report.created", { reportId, projectId: t.projectId });
  await events.emit("report.updated", { reportIds: [reportId] });
  const stored = await findInboxReport(t.api.sql, reportId, null);
  if (!stored) throw new Error("the report was not stored");
  const report = JSON.parse(JSON.stringify(webhookReport(stored)));
  expect((await queued()).slice(before)).toMatchObject([
    { type: "report.created", projectId: t.projectId, data: { report } },
    { type: "report.updated", projectId: t.projectId, data: { report } },
  ]);
});

test("an event of a project without webhooks, or of a report gone, queues nothing", async () => {
  const before = await queued();
  await events.emit("report.created", { reportId, projectId: Bun.randomUUIDv7() });
  await events.emit("report.created", { reportId: Bun.randomUUIDv7(), projectId: t.projectId });
  await events.emit("report.updated", { reportIds: [] });
  expect(await queued()).toEqual(before);
});
