import type { Mail } from "./mail-outbox.ts";

/** One conversation an admin is told about. Subject and visitor are the visitor's own words. */
export interface WaitingConversation {
  subject: string;
  visitor: string;
  link: string;
  assignedToRecipient: boolean;
}

/** Conversations named in a digest; the rest are counted. */
export const listedInDigest = 5;
const maxSubject = 120;
const maxVisitor = 80;

/** One line of text from what a visitor wrote: no line breaks, no control characters, bounded. */
function oneLine(text: string, max: number): string {
  // Control characters (line breaks among them) and line separators become spaces.
  const line = text.replace(/[\p{Cc}\u2028\u2029\s]+/gu, " ").trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

const conversationsWord = (count: number) => (count === 1 ? "conversation" : "conversations");

/**
 * The subject is fixed text and a count only: it is what mail clients show in lists and
 * notifications, so a visitor's words never reach it (they could pose as the product or a colleague
 * there). What visitors wrote is in the body, one bounded line each.
 */
export function digestSubject(count: number): string {
  return `Unread: ${count} ${conversationsWord(count)} waiting for an answer`;
}

/** The one mail an admin gets about every conversation waiting for them in one period. */
export function unreadAlertDigest(
  to: string,
  waiting: readonly WaitingConversation[],
  settings: { minutes: number; adminUrl: string },
): Mail {
  const count = waiting.length;
  const lines = waiting.slice(0, listedInDigest).map((conversation) => {
    const whose = conversation.assignedToRecipient ? "assigned to you" : "unassigned";
    const subject = oneLine(conversation.subject, maxSubject) || "(no subject)";
    const visitor = oneLine(conversation.visitor, maxVisitor) || "a visitor";
    return `- ${subject} (from ${visitor}, ${whose})\n  ${conversation.link}`;
  });
  const more = count > listedInDigest ? `\n…and ${count - listedInDigest} more.\n` : "";
  return {
    to,
    subject: digestSubject(count),
    body:
      `${count} ${conversationsWord(count)} waited ${settings.minutes} or more minutes ` +
      `without anyone on the team reading ${count === 1 ? "it" : "them"}:\n\n` +
      `${lines.join("\n")}\n${more}\n` +
      `All conversations: ${settings.adminUrl}/dashboard/conversations\n\n` +
      `Unassigned conversations are mailed only to admins who ask for them on their profile ` +
      `(${settings.adminUrl}/dashboard/profile).\n`,
  };
}
