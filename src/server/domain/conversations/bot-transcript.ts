import type { AdminBot } from "../../../shared/bots-api.ts";
import type { StartConversationRequest } from "../../../shared/conversations-api.ts";
import { htmlToText, sanitizeHtml } from "../rich-text/html-sanitizer.ts";
import type { NewMessage } from "./conversations-repository.ts";

type TranscriptEntry = NonNullable<StartConversationRequest["transcript"]>[number];

/**
 * What a bot handover's transcript may be stored as. The transcript is what the visitor's
 * browser sends, so none of it speaks for the bot: an entry marked as the bot's becomes a bot message
 * only when it is a text of the server's own definition of that bot (and then that stored text is
 * what is kept). Any other "bot" entry is stored as what the visitor sent: plain text in a visitor
 * message, labelled, so staff never see forged bot HTML, links or a bot's name on it.
 */
export const unverifiedBotLabel = "[Sent by the visitor as the bot's words]";

export function transcriptMessages(transcript: TranscriptEntry[], bot: AdminBot | null): NewMessage[] {
  const texts = new Set(bot?.steps.flatMap((step) => (step.text ? [step.text] : [])) ?? []);
  return transcript.map((entry): NewMessage => {
    if (entry.author === "visitor") return { author: "visitor", text: entry.text.trim() };
    if (bot && texts.has(entry.text))
      return { author: "bot", name: bot.name, avatarUrl: bot.avatarUrl, text: sanitizeHtml(entry.text) };
    return { author: "visitor", text: `${unverifiedBotLabel} ${htmlToText(entry.text)}`.trim() };
  });
}
