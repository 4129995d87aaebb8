import type { ConversationMessage } from "../../shared/conversations-api.ts";
import { externalResources } from "../inbox/external-resources.ts";
import { sanitizeMessageHtml } from "./message-html.tsx";

/**
 * A conversation's messages as the admin shows them: staff and bot HTML cleaned, and what a visitor or
 * a bot pointed at on another site (attached pictures, pictures in messages) held back until the admin
 * loads the conversation's external content, as for a report (src/admin/inbox/external-resources.ts).
 */

export interface ShownAttachment {
  name: string;
  type: string;
  /** The address the link opens (a click is the admin's own choice). */
  href: string;
  /** The picture to show inline; null when it is not a picture or is held back. */
  image: string | null;
  /** A picture held back as external content. */
  blocked: boolean;
}

export interface ShownMessage {
  /** Cleaned HTML for staff and bot messages; null for a visitor's plain text. */
  html: string | null;
  attachments: ShownAttachment[];
}

export function shownMessages(
  messages: readonly ConversationMessage[],
  options: { own: readonly string[]; allowExternal: boolean; adminUrl: string },
): { messages: Map<string, ShownMessage>; external: number } {
  const resources = externalResources({
    own: options.own,
    base: options.adminUrl,
    allowExternal: options.allowExternal,
  });
  const shown = new Map<string, ShownMessage>();
  for (const message of messages) {
    const attachments = message.attachments.map((attachment): ShownAttachment => {
      const isPicture = attachment.type.startsWith("image/");
      const image = isPicture ? resources.url(attachment.url, "other") : null;
      return {
        name: attachment.name,
        type: attachment.type,
        href: attachment.url,
        image,
        blocked: isPicture && image === null,
      };
    });
    shown.set(message.id, {
      html: message.author === "visitor" ? null : sanitizeMessageHtml(message.text, resources),
      attachments,
    });
  }
  return { messages: shown, external: resources.found.size };
}
