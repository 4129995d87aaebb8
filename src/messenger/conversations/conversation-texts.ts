import { defineTexts } from "../shell/i18n.ts";

/** Texts of the conversation placeholders (replaced with the real conversation screens). */
export const conversationTexts = defineTexts({
  en: {
    "conversations.new": "New conversation",
    "conversations.empty": "No conversations yet",
    "conversations.message": "Your message",
    "conversations.send": "Send",
    "conversations.you": "You",
  },
  de: {
    "conversations.new": "Neue Unterhaltung",
    "conversations.empty": "Noch keine Unterhaltungen",
    "conversations.message": "Ihre Nachricht",
    "conversations.send": "Senden",
    "conversations.you": "Sie",
  },
  ar: {
    "conversations.new": "محادثة جديدة",
    "conversations.empty": "لا توجد محادثات بعد",
    "conversations.message": "رسالتك",
    "conversations.send": "إرسال",
    "conversations.you": "أنت",
  },
});
