import type { ConversationMessage } from "../../../shared/conversations-api.ts";
import type { OutboundAction } from "../../../shared/outbound-api.ts";

/**
 * A staff or bot message as the widget's chat notification card (spec §2 "Notification stack", chat
 * message variant; §3 "Notification"): an outbound action of type notification, as the reference's
 * server sends one with the badge's `update`. The widget shows it beside the launcher while the
 * messenger is closed (open, the messenger shows the message itself), and a click opens the
 * conversation by its share token. Each message is its own notification (its id is the outbound id),
 * so a second reply is not dropped as a duplicate of the first.
 */
export function chatNotification(shareToken: string, message: ConversationMessage): OutboundAction {
  return {
    actionType: "notification",
    outbound: message.id,
    pageFilter: "",
    pageFilterType: "",
    createdAt: message.createdAt,
    sound: true,
    data: {
      // Staff text is HTML the server sanitized; the card keeps only inline formatting of it.
      text: message.text,
      sender: {
        ...(message.name ? { name: message.name } : {}),
        ...(message.avatarUrl ? { profileImageUrl: message.avatarUrl } : {}),
      },
      conversation: { shareToken },
    },
  };
}
