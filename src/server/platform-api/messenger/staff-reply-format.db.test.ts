import { expect, test } from "bun:test";
import type { Conversation, ConversationMessage } from "../../../shared/conversations-api.ts";
import { type MessengerTest, startMessengerTest } from "../../test-support/messenger-test-support.ts";
import type { TestSession } from "../../test-support/outbound-test-support.ts";
import { startBeforeAll } from "../../test-support/test-lifecycle.ts";

let t: MessengerTest;
let visitor: TestSession;
let conversationId = "";
let shareToken = "";

startBeforeAll(startMessengerTest, async (started) => {
  t = started;
  visitor = await t.session();
  const { conversation, id } = await t.startConversation(visitor, { text: "Help" });
  shareToken = conversation.shareToken;
  conversationId = id;
});

const messagesPath = () => `/api/projects/${t.projectId}/conversations/${conversationId}/messages`;
const rel = 'rel="noopener noreferrer nofollow"';
const file = { url: "https://files.example/steps.png", name: "steps.png", type: "image/png" };

test("a markdown reply is stored and served as allow-listed HTML, with its attachments", async () => {
  const reply = await t.api.create<ConversationMessage>(messagesPath(), {
    text: "It is **fixed**, see [the notes](https://acme.example/notes).\n\n- step one\n- step two\n<img src=x onerror=alert(1)>",
    format: "markdown",
    attachments: [file],
  });
  const html =
    `<p>It is <strong>fixed</strong>, see <a href="https://acme.example/notes" ${rel}>the notes</a>.</p>` +
    "<ul><li>step one</li><li>step two</li></ul><p>&lt;img src=x onerror=alert(1)&gt;</p>";
  expect(reply.text).toBe(html);
  expect(reply.attachments).toEqual([file]);
  const seen = await t.widgetGet<Conversation>(visitor, `/conversations/${shareToken}`);
  expect(seen.messages.at(-1)).toMatchObject({ author: "staff", text: html, attachments: [file] });
});

test("HTML replies stay allow-listed; an attachment alone is a reply; nothing at all is a 400", async () => {
  const html = await t.api.create<ConversationMessage>(messagesPath(), {
    text: '<p onclick="x()">Hi <b>there</b></p><script>alert(1)</script>',
  });
  expect(html.text).toBe("<p>Hi <b>there</b></p>");
  const attachmentOnly = await t.api.create<ConversationMessage>(messagesPath(), {
    text: "",
    format: "markdown",
    attachments: [file],
  });
  expect(attachmentOnly).toMatchObject({ text: "", attachments: [file] });

  const [{ n: before }] = await t.api.sql`SELECT count(*) AS n FROM conversation_messages`;
  for (const body of [
    { text: "  \n ", format: "markdown" },
    { text: "<script>x</script>" },
    { text: "Hi", format: "rtf" },
    { text: "Hi", attachments: [{ url: "javascript:alert(1)", name: "x", type: "text/html" }] },
  ]) {
    const response = await t.api.call("POST", messagesPath(), body);
    expect(response.status).toBe(400);
  }
  const [{ n: after }] = await t.api.sql`SELECT count(*) AS n FROM conversation_messages`;
  expect(Number(after)).toBe(Number(before));
});

test("a reply from a report takes markdown and attachments too", async () => {
  const { id } = await t.report({ formData: { description: "Export broken" } }, visitor);
  const answer = await t.api.create<{ message: ConversationMessage }>(`/api/feedback/${id}/reply`, {
    text: "1. Open **Export**\n2. Retry",
    format: "markdown",
    attachments: [file],
  });
  expect(answer.message).toMatchObject({
    text: "<ol><li>Open <strong>Export</strong></li><li>Retry</li></ol>",
    attachments: [file],
  });
});
