import type { Mail } from "./mail-outbox.ts";

/** One conversation an admin is told about. Subject and visitor are the visitor's own words. */
export interface WaitingConversation {
  subject: string;
  visitor: string;
  link: string;
  assignedToRecipient: boolean;
}

/** Conversations (and assignments) named in a digest; the rest are counted. */
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
const itemsWord = (count: number) => (count === 1 ? "item" : "items");

/** Work given to the recipient while they were away, not opened since (due-assignments.ts). */
export interface AssignedItem {
  kind: "report" | "conversation";
  /** `FB-12` for a report, "" for a conversation. */
  reference: string;
  /** The visitor's words: the report's title or the conversation's subject. */
  title: string;
  /** Who gave it; null: round robin. */
  by: string | null;
  link: string;
}

/**
 * The subject is fixed text and counts only: it is what mail clients show in lists and
 * notifications, so a visitor's words never reach it (they could pose as the product or a colleague
 * there). What visitors wrote is in the body, one bounded line each.
 */
export function digestSubject(count: number, assigned = 0): string {
  const unread = `Unread: ${count} ${conversationsWord(count)} waiting for an answer`;
  if (assigned === 0) return unread;
  if (count === 0) return `Assigned to you: ${assigned} ${itemsWord(assigned)} not opened yet`;
  return `${unread}, ${assigned} ${itemsWord(assigned)} assigned to you`;
}

function unreadSection(waiting: readonly WaitingConversation[], minutes: number): string {
  const count = waiting.length;
  if (count === 0) return "";
  const lines = waiting.slice(0, listedInDigest).map((conversation) => {
    const whose = conversation.assignedToRecipient ? "assigned to you" : "unassigned";
    const subject = oneLine(conversation.subject, maxSubject) || "(no subject)";
    const visitor = oneLine(conversation.visitor, maxVisitor) || "a visitor";
    return `- ${subject} (from ${visitor}, ${whose})\n  ${conversation.link}`;
  });
  const more = count > listedInDigest ? `\n…and ${count - listedInDigest} more.\n` : "";
  return (
    `${count} ${conversationsWord(count)} waited ${minutes} or more minutes ` +
    `without anyone on the team reading ${count === 1 ? "it" : "them"}:\n\n` +
    `${lines.join("\n")}\n${more}\n`
  );
}

function assignedSection(assigned: readonly AssignedItem[], minutes: number): string {
  const count = assigned.length;
  if (count === 0) return "";
  const lines = assigned.slice(0, listedInDigest).map((item) => {
    const title = oneLine(item.title, maxSubject) || "(no title)";
    const what = item.reference ? `${item.reference} ${title}` : title;
    const by = item.by === null ? "round robin" : oneLine(item.by, maxVisitor) || "a former admin";
    return `- ${what} (${item.kind}, given to you by ${by})\n  ${item.link}`;
  });
  const more = count > listedInDigest ? `\n…and ${count - listedInDigest} more.\n` : "";
  return (
    `${count} ${itemsWord(count)} given to you ${minutes} or more minutes ago, ` +
    `while you had no dashboard open, and not opened since:\n\n${lines.join("\n")}\n${more}\n`
  );
}

/** The one mail an admin gets about every conversation and every new assignment waiting for them. */
export function unreadAlertDigest(
  to: string,
  waiting: readonly WaitingConversation[],
  settings: { minutes: number; adminUrl: string },
  assigned: readonly AssignedItem[] = [],
): Mail {
  return {
    to,
    subject: digestSubject(waiting.length, assigned.length),
    body:
      unreadSection(waiting, settings.minutes) +
      assignedSection(assigned, settings.minutes) +
      `All conversations: ${settings.adminUrl}/dashboard/conversations\n\n` +
      `Unassigned conversations are mailed only to admins who ask for them on their profile ` +
      `(${settings.adminUrl}/dashboard/profile).\n`,
  };
}
