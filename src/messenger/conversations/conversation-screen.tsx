import type { Conversation } from "../../shared/messenger-api.ts";
import { plainText } from "../home/home-screen.tsx";
import {
  ListRow,
  path,
  QueryView,
  relativeTime,
  type ScreenProps,
  useApiQuery,
  useLocale,
  useScreenTitle,
  useTexts,
} from "../shell/shell-api.ts";
import { conversationTexts } from "./conversation-texts.ts";

/** Placeholder (the conversation screen replaces it): one conversation's messages as plain text. */
export default function ConversationScreen({ screen }: ScreenProps<"conversation">) {
  const t = useTexts(conversationTexts);
  const { lang } = useLocale();
  const conversation = useApiQuery<Conversation>(path`/conversations/${screen.shareToken}`);
  useScreenTitle(conversation.data?.subject);
  return (
    <div className="screen-content">
      <QueryView query={conversation}>
        {(data) => (
          <div className="card list">
            {data.messages.map((message) => (
              <ListRow
                key={message.id}
                title={message.author === "visitor" ? t("conversations.you") : (message.name ?? "")}
                hint={plainText(message)}
                meta={relativeTime(lang, message.createdAt)}
              />
            ))}
          </div>
        )}
      </QueryView>
    </div>
  );
}
