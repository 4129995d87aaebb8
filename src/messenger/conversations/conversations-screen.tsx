import type { ConversationSummary } from "../../shared/messenger-api.ts";
import { plainText } from "../home/home-screen.tsx";
import {
  EmptyState,
  ListRow,
  QueryView,
  relativeTime,
  type ScreenProps,
  useApiQuery,
  useLocale,
  useShell,
  useTexts,
} from "../shell/shell-api.ts";
import { conversationTexts } from "./conversation-texts.ts";

/** Placeholder (the conversations screens replace it): the session's conversations, newest first. */
export default function ConversationsScreen(_: ScreenProps<"conversations">) {
  const t = useTexts(conversationTexts);
  const { lang } = useLocale();
  const { navigator } = useShell();
  const conversations = useApiQuery<ConversationSummary[]>("/conversations");
  return (
    <div className="screen-content">
      <QueryView
        query={conversations}
        isEmpty={(list) => list.length === 0}
        empty={<EmptyState icon="messages" title={t("conversations.empty")} />}
      >
        {(list) => (
          <div className="card list">
            {list.map((conversation) => (
              <ListRow
                key={conversation.shareToken}
                icon="messages"
                title={conversation.subject}
                hint={conversation.lastMessage ? plainText(conversation.lastMessage) : undefined}
                meta={relativeTime(lang, conversation.updatedAt)}
                onClick={() => navigator.push({ name: "conversation", shareToken: conversation.shareToken })}
              />
            ))}
          </div>
        )}
      </QueryView>
      <button
        type="button"
        className="button button--primary button--wide"
        onClick={() => navigator.push({ name: "new-conversation" })}
      >
        {t("conversations.new")}
      </button>
    </div>
  );
}
