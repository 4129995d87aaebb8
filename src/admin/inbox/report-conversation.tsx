import { useCallback, useEffect, useRef } from "react";
import { Link } from "wouter";
import { conversationHref } from "../conversations/conversation-paths.ts";
import {
  ConversationExternalBar,
  ConversationReply,
  MessageItem,
  useLiveConversation,
  visitorName,
} from "../conversations/conversation-view.tsx";
import conversationsCss from "../conversations/conversations.css" with { type: "text" };
import { useT } from "../i18n/intl.ts";
import { adoptStyles } from "../shell/area-styles.ts";
import composerTextBoxCss from "../shell/form/composer-text-box.css" with { type: "text" };
import smallControlCss from "../shell/form/small-control.css" with { type: "text" };
import splitRowCss from "../shell/layout/split-row.css" with { type: "text" };
import reportConversationCss from "./report-conversation.css" with { type: "text" };
import type { ReportDetailView } from "./report-detail-view.ts";
import { ReportReplyForm } from "./report-reply.tsx";

// The messages and the composer look as they do on the conversations screen.
adoptStyles(composerTextBoxCss);
adoptStyles(smallControlCss);
adoptStyles(splitRowCss);
adoptStyles(conversationsCss);
adoptStyles(reportConversationCss);

/**
 * The reply on a report: before staff answered, the reply form that opens a
 * conversation about the report; after, that conversation itself, live, answered here with the
 * conversations screen's own message list and composer, and a link to it there.
 */
export function ReportConversation({
  report,
  onOpened,
}: {
  report: ReportDetailView;
  onOpened: (conversation: { id: string; shareToken: string }) => void;
}) {
  if (!report.conversation) return <ReportReplyForm report={report} onSent={onOpened} />;
  return <InlineConversation projectId={report.projectId} id={report.conversation.id} />;
}

function InlineConversation({ projectId, id }: { projectId: string; id: string }) {
  const { t } = useT();
  // Nothing to keep in step here: no list beside it holds an unread count.
  const onRead = useCallback(() => {}, []);
  const live = useLiveConversation(projectId, id, onRead);
  const { conversation, update, shown } = live;
  const list = useRef<HTMLOListElement>(null);
  const count = conversation?.messages.length ?? 0;
  // A new message scrolls the list, not the page (the list scrolls on its own).
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new message is what scrolls.
  useEffect(() => {
    const element = list.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [count]);

  return (
    <section
      className="detail-card report-conversation"
      aria-labelledby="report-conversation-title"
      data-testid="report-conversation"
    >
      <div className="inbox-card-head">
        <h2 id="report-conversation-title">{t("visitor.conversation.title")}</h2>
        <Link href={conversationHref(projectId, id)} data-testid="report-conversation-link">
          {t("visitor.conversation.open")} →
        </Link>
      </div>
      {!conversation ? (
        <p className="subtle" role="status">
          {t("conversation.loading")}
        </p>
      ) : (
        <>
          <ConversationExternalBar live={live} />
          <ol
            ref={list}
            className="message-list report-conversation-messages"
            aria-label={t("conversation.messages")}
            aria-live="polite"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reached by Tab (WCAG 2.1.1).
            tabIndex={0}
          >
            {conversation.messages.map((message) => (
              <MessageItem
                key={message.id}
                message={message}
                shown={shown?.messages.get(message.id)}
                visitor={visitorName(conversation.session, t("conversations.visitor"))}
                seen={false}
              />
            ))}
          </ol>
          <ConversationReply projectId={projectId} id={id} conversation={conversation} update={update} />
        </>
      )}
    </section>
  );
}
