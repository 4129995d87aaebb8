import type { StaffPush } from "../../shared/inbox-api.ts";
import { conversationHref } from "../conversations/conversation-paths.ts";
import { inboxPath, inboxReportHref } from "../inbox/inbox-paths.ts";

/** What a push tells an admin who is elsewhere: what arrived, a line of it, and where it is. */
export interface AlertNotice {
  kind: "report" | "message" | "mention" | "assignment";
  /** The report's short id (FB-12); who wrote the note for a mention; empty for a message. */
  reference: string;
  body: string;
  href: string;
}

const maxBodyLength = 140;

/** One line of a visitor's plain text for a toast: whitespace folded, cut with an ellipsis. */
export function oneLine(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > maxBodyLength ? `${line.slice(0, maxBodyLength - 1)}…` : line;
}

function visitorText(message: unknown): string | null {
  if (typeof message !== "object" || message === null) return null;
  const { author, text } = message as { author?: unknown; text?: unknown };
  return author === "visitor" && typeof text === "string" ? text : null;
}

/**
 * The notice a push deserves, given the screen the admin is on (`path`), or null: a new report while
 * not on the inbox list (which shows it arriving), a visitor's message while not in that conversation.
 * Staff replies and bot messages never alert: someone on the team, or the bot, already answered.
 */
export function noticeFor(push: StaffPush, path: string): AlertNotice | null {
  if (push.name === "report-created") {
    if (path === inboxPath) return null;
    return {
      kind: "report",
      reference: push.data.shortId,
      body: oneLine(push.data.title ?? ""),
      href: inboxReportHref(push.data.id),
    };
  }
  if (push.name === "conversation-message") {
    const text = visitorText(push.data.message);
    if (text === null) return null;
    const href = conversationHref(push.data.projectId, push.data.conversationId);
    if (path === href) return null;
    return { kind: "message", reference: "", body: oneLine(text), href };
  }
  return null;
}

/**
 * The notice of a note that mentions `adminId` for the first time (the server names them in
 * `alerted`), unless the admin is on the item's page, where the note arrives in front of them.
 */
export function mentionNoticeFor(
  push: StaffPush,
  adminId: string | undefined,
  path: string,
): AlertNotice | null {
  if (push.name !== "staff-note" || !adminId || !push.data.alerted.includes(adminId)) return null;
  const { note } = push.data;
  const href =
    note.target.kind === "report"
      ? inboxReportHref(note.target.id)
      : conversationHref(note.target.projectId, note.target.id);
  if (path === href) return null;
  return { kind: "mention", reference: note.author.name, body: oneLine(note.text), href };
}
