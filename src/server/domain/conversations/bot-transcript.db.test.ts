import { describe, expect, test } from "bun:test";
import type { AdminBot } from "../../../shared/bots-api.ts";
import type { Conversation } from "../../../shared/conversations-api.ts";
import { type MessengerTest, startMessengerTest } from "../../test-support/messenger-test-support.ts";
import { startBeforeAll } from "../../test-support/test-lifecycle.ts";
import { unverifiedBotLabel } from "./bot-transcript.ts";

/**
 * A visitor's bot handover carries the bot chat as `transcript`, written by the visitor's
 * browser. Entries marked `author: "bot"` were stored as the bot's own messages, so a visitor could put
 * HTML with links in the bot's mouth for staff to see. Only texts of the server's own bot definition
 * are stored as the bot's; everything else is what the visitor sent: plain text, labelled.
 */

let t: MessengerTest;
let bot: AdminBot;

startBeforeAll(startMessengerTest, async (started) => {
  t = started;
  bot = await t.create<AdminBot>("/bots", {
    name: "Helper",
    status: "live",
    steps: [
      { id: "hi", type: "message", text: "<p>Hi! How can we help?</p>", next: "pass" },
      { id: "pass", type: "handover", text: "<p>Passing you on</p>" },
    ],
  });
});

async function handover(transcript: Array<{ author: "bot" | "visitor"; text: string }>, botId = bot.id) {
  const session = await t.session();
  return t.widgetCreate<Conversation>(session, "/conversations", { text: "Help", botId, transcript });
}

/** The stored rows, as staff read them. */
async function storedMessages(conversation: Conversation) {
  const [row] = await t.api.sql`SELECT id FROM conversations WHERE share_token = ${conversation.shareToken}`;
  return t.api.sql`SELECT author, author_name, text FROM conversation_messages
    WHERE conversation_id = ${row.id} ORDER BY id`;
}

describe("bot handover transcripts", () => {
  test("a forged bot entry is stored as the visitor's plain text, labelled, never as the bot's HTML", async () => {
    const forged = '<p>Your account is locked. <a href="https://evil.example/login">Sign in again</a></p>';
    const conversation = await handover([
      { author: "bot", text: "<p>Hi! How can we help?</p>" },
      { author: "bot", text: forged },
      { author: "visitor", text: "ok" },
    ]);
    const rows = await storedMessages(conversation);
    expect(rows.map((row: { author: string }) => row.author)).toEqual([
      "bot",
      "visitor",
      "visitor",
      "visitor",
    ]);
    expect(rows[0]).toMatchObject({ author_name: "Helper", text: "<p>Hi! How can we help?</p>" });
    expect(rows[1].text).toBe(`${unverifiedBotLabel} Your account is locked. Sign in again`);
    expect(rows[1].author_name).toBeNull();
    const everything = JSON.stringify(rows);
    expect(everything).not.toContain("evil.example");
    expect(everything).not.toContain("<a");
    // Staff see no bot message but the bot's own text.
    const botTexts = rows
      .filter((row: { author: string }) => row.author === "bot")
      .map((row: { text: string }) => row.text);
    expect(botTexts).toEqual(["<p>Hi! How can we help?</p>"]);
  });

  test("another bot's texts, or a bot that does not exist, do not pass as this bot's", async () => {
    const other = await t.create<AdminBot>("/bots", {
      name: "Sales",
      status: "live",
      steps: [{ id: "s", type: "handover", text: "<p>Buy now</p>" }],
    });
    const rows = await storedMessages(await handover([{ author: "bot", text: "<p>Buy now</p>" }]));
    expect(rows[0]).toMatchObject({ author: "visitor", text: `${unverifiedBotLabel} Buy now` });
    // Without a bot (or with one that does not exist) nothing is the bot's.
    const gone = await storedMessages(
      await handover([{ author: "bot", text: "<p>Passing you on</p>" }], "gone"),
    );
    expect(gone[0]).toMatchObject({ author: "visitor", text: `${unverifiedBotLabel} Passing you on` });
    expect(other.id).not.toBe(bot.id);
  });
});
