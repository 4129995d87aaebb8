import type { ConversationSummary } from "../../shared/conversations-api.ts";
import { plainText } from "../home/home-screen.tsx";
import {
  formatNumber,
  Icon,
  ListScreenContent,
  ListSkeleton,
  relativeTime,
  type ScreenProps,
  useApiQuery,
  useLocale,
  useShell,
  useTexts,
} from "../shell/shell-api.ts";
import { Avatar } from "./avatar.tsx";
import { ContentIcon } from "./content-icons.tsx";
import { conversationTexts } from "./conversation-texts.ts";
import { NewConversationButton } from "./new-conversation-button.tsx";
import "./conversations.css";

function ConversationRow({ conversation }: { conversation: ConversationSummary }) {
  const t = useTexts(conversationTexts);
  const { lang } = useLocale();
  const { navigator } = useShell();
  const last = conversation.lastMessage;
  const fromVisitor = last?.author === "visitor";
  const who = fromVisitor ? t("conversations.you") : last?.name || t("conversation.team");
  const preview = last
    ? plainText(last).trim() || (last.attachments.length > 0 ? `📎 ${t("conversations.attachment")}` : "")
    : t("conversations.noMessages");
  const unread = conversation.unread;
  const closed = conversation.status === "closed";
  return (
    <li>
      <button
        type="button"
        className={
          unread > 0
            ? "list-row list-row--action conversation-row is-unread"
            : "list-row list-row--action conversation-row"
        }
        data-testid="conversation-row"
        data-share-token={conversation.shareToken}
        onClick={() => navigator.push({ name: "conversation", shareToken: conversation.shareToken })}
      >
        <span className="conversation-avatar">
          {last && !fromVisitor ? (
            <Avatar name={who} url={last.avatarUrl} size={40} />
          ) : (
            <span className="row-icon">
              <Icon name="messages" />
            </span>
          )}
        </span>
        <span className="row-text">
          <span className="conversation-top">
            <span className="row-title one-line" dir="auto">
              {conversation.subject}
            </span>
            <time className="time" dateTime={conversation.updatedAt}>
              {relativeTime(lang, conversation.updatedAt)}
            </time>
          </span>
          <span className="conversation-bottom">
            <span className="row-hint one-line" dir="auto">
              {last && <span className="conversation-who">{t("conversation.said", { name: who })} </span>}
              {preview}
            </span>
            {closed && <span className="chip chip--muted">{t("conversations.closed")}</span>}
            {unread > 0 && (
              <span className="count-badge" data-testid="conversation-unread">
                <span aria-hidden="true">{unread > 99 ? "99+" : formatNumber(lang, unread)}</span>
                <span className="visually-hidden">{t("conversations.unread", { count: unread })}</span>
              </span>
            )}
          </span>
        </span>
      </button>
    </li>
  );
}

/**
 * The Messages tab (`GET /conversations`, newest first): each conversation with its last message,
 * when it moved, unread counts and closed ones marked; pushes refresh it (the shell invalidates it).
 * "Send us a message" stays in reach at the bottom.
 */
export default function ConversationsScreen(_: ScreenProps<"conversations">) {
  const t = useTexts(conversationTexts);
  const conversations = useApiQuery<ConversationSummary[]>("/conversations");
  const hasAny = (conversations.data?.length ?? 0) > 0;
  return (
    <div className="conversations">
      <ListScreenContent
        query={conversations}
        skeleton={<ListSkeleton rows={4} />}
        empty={{ icon: "messages", title: t("conversations.empty"), hint: t("conversations.emptyHint") }}
        className="card list conversation-list"
        label={t("conversations.list")}
        item={(conversation) => <ConversationRow key={conversation.shareToken} conversation={conversation} />}
      />
      {conversations.status !== "error" && (
        <div className="sticky-action">
          <NewConversationButton className="button button--primary button--wide" testId="new-conversation">
            <ContentIcon name={hasAny ? "plus" : "chat"} size={18} />
            {hasAny ? t("conversations.new") : t("conversations.sendUs")}
          </NewConversationButton>
        </div>
      )}
    </div>
  );
}
