import { useCallback, useState } from "react";
import type { Attachment, Conversation } from "../../shared/conversations-api.ts";
import { type ScreenProps, useMessengerState, useShell, useTexts } from "../shell/shell-api.ts";
import { ChatView } from "./chat-view.tsx";
import { Composer, useAttachments } from "./composer.tsx";
import { ContentIcon } from "./content-icons.tsx";
import { conversationPath } from "./conversation-cache.ts";
import {
  draftKeyOf,
  newPending,
  type PendingMessage,
  pendingItem,
  useMounted,
} from "./conversation-screen.tsx";
import { conversationTexts } from "./conversation-texts.ts";
import { tooManyStarts } from "./start-refusal.ts";
import "./conversations.css";

/** What a new conversation says before the first message: who answers and how. */
function Intro() {
  const t = useTexts(conversationTexts);
  return (
    <div className="chat-intro" data-testid="conversation-intro">
      <span className="chat-intro-icon">
        <ContentIcon name="chat" size={26} />
      </span>
      <h2 className="chat-intro-title" tabIndex={-1}>
        {t("conversation.introTitle")}
      </h2>
      <p className="chat-intro-text">{t("conversation.introText")}</p>
    </div>
  );
}

/**
 * A new conversation (the home's "Send us a message", the host's `startConversation()`): an empty
 * chat with the composer; the first message starts it (`POST /conversations`) and the screen becomes
 * that conversation. A refused start keeps the message with Retry, and says why when the visitor
 * started too many conversations lately.
 */
export default function NewConversationScreen(_: ScreenProps<"new-conversation">) {
  const { api, queries, navigator } = useShell();
  const t = useTexts(conversationTexts);
  const sdkKey = useMessengerState((state) => state.sdkKey);
  const attachments = useAttachments();
  const [pending, setPending] = useState<PendingMessage | null>(null);
  const mounted = useMounted();

  const start = useCallback(
    async (message: PendingMessage) => {
      setPending({ ...message, state: "sending" });
      try {
        const conversation = await api.post<Conversation>("/conversations", {
          text: message.text,
          attachments: message.attachments,
        });
        queries.invalidate("/conversations");
        queries.invalidate("/messenger/home");
        queries.set(conversationPath(conversation.shareToken), conversation);
        if (mounted.current) navigator.replace({ name: "conversation", shareToken: conversation.shareToken });
      } catch (failure) {
        const problem = tooManyStarts(failure) ? t("conversation.tooManyStarts") : undefined;
        if (mounted.current) setPending({ ...message, state: "failed", problem });
      }
    },
    // `mounted` is one ref for the component's life; named so the hook's deps are complete.
    [api, queries, navigator, t, mounted],
  );

  const send = (message: { text: string; attachments: Attachment[] }) =>
    void start(newPending(message.text, message.attachments));

  return (
    <ChatView
      items={pending ? [pendingItem(pending, () => void start(pending))] : []}
      intro={<Intro />}
      onFiles={attachments.add}
      footer={
        <Composer
          draftKey={draftKeyOf(sdkKey, "new")}
          attachments={attachments}
          onSend={send}
          busy={pending !== null}
          autoFocus
        />
      }
    />
  );
}
