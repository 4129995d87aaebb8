import type { Invitation } from "../../shared/team-api.ts";
import type { Mail } from "./mail-outbox.ts";

const roleWords = { owner: "an owner", admin: "an admin", agent: "an agent" } as const;

/** An inviter's name on one line: no line breaks or control characters, bounded. */
function oneLine(text: string, max: number): string {
  const line = text.replace(/[\p{Cc}\u2028\u2029\s]+/gu, " ").trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/**
 * The invitation mail. The subject is fixed text, so nothing a person typed reaches what mail clients
 * show in their lists; the inviter's name is in the body only.
 */
export function invitationMail(invitation: Invitation, link: string): Mail {
  const inviter = invitation.invitedBy ? oneLine(invitation.invitedBy.name, 80) : "";
  const expires = new Date(invitation.expiresAt).toUTCString();
  return {
    to: invitation.email,
    subject: "You are invited to the Morph Admin team",
    body: [
      "Hello,",
      "",
      `${inviter || "An admin"} invited you to the Morph Admin team as ${roleWords[invitation.role]}.`,
      "Open this link to choose your name, nickname and password:",
      "",
      link,
      "",
      `The link works once and until ${expires}. If you did not expect it, ignore this mail.`,
      "",
    ].join("\n"),
  };
}
