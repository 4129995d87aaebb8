import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { VisitorAssignee } from "../../shared/assignment-api.ts";
import type {
  Attachment,
  Conversation,
  ConversationMessage,
  ReadAnswer,
} from "../../shared/conversations-api.ts";
import {
  ErrorState,
  path,
  type ScreenProps,
  useApiQuery,
  useMessengerState,
  useScreenTitle,
  useShell,
  useTexts,
} from "../shell/shell-api.ts";
import { Avatar } from "./avatar.tsx";
import { usePageVisible, useRemoteTyping, useTypingSignal } from "./chat-hooks.ts";
import { type ChatItem, itemOfMessage, TypingIndicator } from "./chat-parts.tsx";
import { ChatSkeleton, ChatView } from "./chat-view.tsx";
import { Composer, useAttachments } from "./composer.tsx";
import { ContentIcon } from "./content-icons.tsx";
import {
  addMessageToCache,
  conversationPath,
  markReadInCache,
  newestOtherId,
  readAssignee,
  setAssigneeInCache,
  setStatusInCache,
} from "./conversation-cache.ts";
import { conversationTexts } from "./conversation-texts.ts";
import { NewConversationButton } from "./new-conversation-button.tsx";
import "./conversations.css";

/** A visitor message on its way (or refused), shown at the end of the log until the server has it. */
export interface PendingMessage {
  id: string;
  text: string;
  attachments: Attachment[];
  createdAt: string;
  state: "sending" | "failed";
  /** Why the server refused it, when the visitor can act on it. */
  problem?: string;
}

let nextPendingId = 1;
export const newPending = (text: string, attachments: Attachment[]): PendingMessage => ({
  id: `pending-${nextPendingId++}`,
  text,
  attachments,
  createdAt: new Date().toISOString(),
  state: "sending",
});

export const pendingItem = (pending: PendingMessage, onRetry: () => void): ChatItem => ({
  key: pending.id,
  author: "visitor",
  name: null,
  avatarUrl: null,
  text: pending.text,
  attachments: pending.attachments,
  createdAt: pending.createdAt,
  state: pending.state,
  problem: pending.state === "failed" ? pending.problem : undefined,
  onRetry,
});

const sameContent = (pending: PendingMessage, message: ConversationMessage) =>
  pending.text === message.text &&
  pending.attachments.map((file) => file.url).join("\n") ===
    message.attachments.map((file) => file.url).join("\n");

export const draftKeyOf = (sdkKey: string | null, conversation: string) =>
  `gleap-messenger-draft-${sdkKey ?? ""}-${conversation}`;

/** Who on the team answers this conversation: their picture and name, in the visitor's language. */
export function Answerer({ assignee }: { assignee: VisitorAssignee }) {
  const t = useTexts(conversationTexts);
  return (
    <div className="chat-answerer" data-testid="conversation-answerer">
      <Avatar name={assignee.name} url={assignee.avatarUrl} size={32} />
      <p className="chat-answerer-text">
        <span className="chat-answerer-label">{t("conversation.answering")}</span>
        <span className="chat-answerer-name" dir="auto">
          {assignee.name}
        </span>
      </p>
    </div>
  );
}

/**
 * Who answers an open conversation, as its answer said and as `conversation-assignee` pushes change
 * it (into the answer cache, so every screen agrees); nothing while nobody does.
 */
function ConversationAnswerer({ conversation }: { conversation: Conversation }) {
  const { queries, realtime } = useShell();
  const token = conversation.shareToken;
  useEffect(
    () =>
      realtime.subscribe("conversation-assignee", (push) => {
        if (push?.shareToken === token) setAssigneeInCache(queries, token, readAssignee(push.assignee));
      }),
    [realtime, queries, token],
  );
  const assignee = readAssignee(conversation.assignee);
  return assignee && conversation.status !== "closed" ? <Answerer assignee={assignee} /> : null;
}

/** Whether the component is still mounted, for work that finishes after it may have gone. */
export function useMounted() {
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );
  return mounted;
}

/** A closed conversation reads as it was; a new one is a tap away. */
function ClosedNote() {
  const t = useTexts(conversationTexts);
  return (
    <div className="closed-note" data-testid="conversation-closed">
      <span className="closed-icon">
        <ContentIcon name="lock" size={18} />
      </span>
      <div className="closed-text">
        <p className="closed-title">{t("conversation.closedNote")}</p>
        <p className="closed-hint">{t("conversation.closedHint")}</p>
      </div>
      <NewConversationButton className="button button--primary button--wide">
        {t("conversation.startNew")}
      </NewConversationButton>
    </div>
  );
}

/**
 * The visitor's messages on their way: each shows at the end of the log until the server has it, a
 * failed one offers to be sent again. A sent message keeps the key it had while pending, so the log
 * does not replace its row (and screen readers do not hear it twice) when the server's copy arrives.
 */
function usePendingMessages(token: string) {
  const { api, queries } = useShell();
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const keys = useRef(new Map<string, string>());
  const mounted = useMounted();

  const deliver = useCallback(
    async (message: PendingMessage) => {
      setPending((old) => old.map((item) => (item.id === message.id ? { ...item, state: "sending" } : item)));
      try {
        const stored = await api.post<ConversationMessage>(path`/conversations/${token}/messages`, {
          text: message.text,
          attachments: message.attachments,
        });
        if (!keys.current.has(stored.id)) keys.current.set(stored.id, message.id);
        addMessageToCache(queries, token, stored);
        if (mounted.current) setPending((old) => old.filter((item) => item.id !== message.id));
      } catch {
        if (mounted.current)
          setPending((old) =>
            old.map((item) => (item.id === message.id ? { ...item, state: "failed" } : item)),
          );
      }
    },
    // `mounted` is one ref for the component's life; named so the hook's deps are complete.
    [api, queries, token, mounted],
  );

  /** Our own message, heard before the answer to the send: the pending copy goes. */
  const heard = useCallback((message: ConversationMessage) => {
    setPending((old) => {
      const index = old.findIndex((item) => item.state === "sending" && sameContent(item, message));
      if (index < 0) return old;
      keys.current.set(message.id, (old[index] as PendingMessage).id);
      return old.filter((_, at) => at !== index);
    });
  }, []);

  /** Shows a new message at the end of the log; `deliver` sends it. */
  const add = (message: { text: string; attachments: Attachment[] }) => {
    const created = newPending(message.text, message.attachments);
    setPending((old) => [...old, created]);
    return created;
  };
  /** The key a message's row keeps: the one it had while pending, else its own id. */
  const keyOf = useCallback((id: string) => keys.current.get(id) ?? id, []);
  return { pending, keyOf, deliver, heard, add };
}

/** Pushes for this conversation: its messages (staff replies, the visitor's other tabs) and status. */
function useConversationPushes(
  token: string,
  heardOwn: (message: ConversationMessage) => void,
  heardOther: () => void,
) {
  const { queries, realtime } = useShell();
  useEffect(() => {
    const stopMessages = realtime.subscribe("conversation-message", (push) => {
      if (push?.shareToken !== token || !push.message?.id) return;
      const message = push.message;
      addMessageToCache(queries, token, message);
      if (message.author === "visitor") heardOwn(message);
      else heardOther();
    });
    const stopStatus = realtime.subscribe("conversation-status", (push) => {
      if (push?.shareToken === token && (push.status === "open" || push.status === "closed"))
        setStatusInCache(queries, token, push.status);
    });
    return () => {
      stopMessages();
      stopStatus();
    };
  }, [realtime, queries, token, heardOwn, heardOther]);
}

/**
 * Read: when the conversation shows (widget open, page visible) and has staff or bot messages the
 * visitor has not marked read, once per newest message.
 */
function useReadMarks(conversation: Conversation) {
  const { api, queries, unread } = useShell();
  const token = conversation.shareToken;
  const widgetOpen = useMessengerState((state) => state.widgetOpen);
  const visible = usePageVisible();
  const newest = newestOtherId(conversation);
  const readUpTo = useRef(conversation.unread > 0 ? "" : newest);
  useEffect(() => {
    if (!widgetOpen || !visible || newest === "" || newest <= readUpTo.current) return;
    const before = readUpTo.current;
    readUpTo.current = newest;
    api
      .post<ReadAnswer>(path`/conversations/${token}/read`)
      .then((answer) => {
        if (typeof answer?.unread === "number") unread.setMessages(answer.unread);
        markReadInCache(queries, token);
        queries.invalidate("/messenger/home");
      })
      .catch(() => {
        // Not marked: try again with the next message or the next visit.
        if (readUpTo.current === newest) readUpTo.current = before;
      });
  }, [api, queries, unread, token, newest, widgetOpen, visible]);
}

function OpenConversation({ conversation }: { conversation: Conversation }) {
  const t = useTexts(conversationTexts);
  const token = conversation.shareToken;
  const sdkKey = useMessengerState((state) => state.sdkKey);
  const attachments = useAttachments();
  const typingSignal = useTypingSignal(token);
  const remote = useRemoteTyping(token);
  const { pending, keyOf, deliver, heard, add } = usePendingMessages(token);
  useConversationPushes(token, heard, remote.clear);
  useReadMarks(conversation);

  const send = (message: { text: string; attachments: Attachment[] }) => {
    const created = add(message);
    typingSignal.sent();
    void deliver(created);
  };

  const items = useMemo(
    () => [
      ...conversation.messages.map((message) => ({
        ...itemOfMessage(message),
        key: keyOf(message.id),
      })),
      ...pending.map((message) => pendingItem(message, () => void deliver(message))),
    ],
    [conversation.messages, pending, deliver, keyOf],
  );

  const lastStaff = [...conversation.messages].reverse().find((message) => message.author === "staff");
  const typingName = remote.typing?.name ?? null;
  const closed = conversation.status === "closed";
  return (
    <ChatView
      items={items}
      header={<ConversationAnswerer conversation={conversation} />}
      onFiles={closed ? undefined : attachments.add}
      after={
        remote.typing && !closed ? (
          <TypingIndicator
            name={typingName}
            avatarUrl={typingName && lastStaff?.name === typingName ? lastStaff.avatarUrl : null}
            label={
              typingName ? t("conversation.typing", { name: typingName }) : t("conversation.someoneTyping")
            }
          />
        ) : null
      }
      footer={
        closed ? (
          <ClosedNote />
        ) : (
          <Composer
            draftKey={draftKeyOf(sdkKey, token)}
            attachments={attachments}
            onSend={send}
            onTyping={typingSignal.typed}
          />
        )
      }
    />
  );
}

/**
 * One conversation (`GET /conversations/{shareToken}`, the host's `open-conversation`): the messages
 * with staff replies arriving live, the composer with attachments, typing both ways, read marks while
 * it shows, and a closed conversation read-only with a way to start a new one.
 */
export default function ConversationScreen({ screen }: ScreenProps<"conversation">) {
  const conversation = useApiQuery<Conversation>(conversationPath(screen.shareToken));
  useScreenTitle(conversation.data?.subject);
  if (conversation.status === "loading" || (conversation.status === "ready" && !conversation.data))
    return <ChatSkeleton />;
  if (conversation.status === "error" || !conversation.data)
    return <ErrorState error={conversation.error} onRetry={conversation.retry} />;
  return <OpenConversation key={conversation.data.shareToken} conversation={conversation.data} />;
}
