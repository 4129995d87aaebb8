import {
  type FormEvent,
  type KeyboardEvent,
  type RefObject,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { Link } from "wouter";
import type { AdminConversation, ConversationMessage } from "../../shared/conversations-api.ts";
import { refreshAlertCounts } from "../alerts/use-alert-feed.ts";
import { apiErrorMessage } from "../api/api-error.ts";
import { useLatestUpdate, useResource } from "../api/use-resource.ts";
import { AssignmentLine, useAssignmentTimeline } from "../assignments/assignment-timeline.tsx";
import { isAssignmentEvent, withAssignments } from "../assignments/timeline-order.ts";
import { TimeAgo } from "../format/date-time-ago.tsx";
import { useFormatters } from "../format/use-formatters.ts";
import { useT } from "../i18n/intl.ts";
import { ExternalContentBar } from "../inbox/external-content-bar.tsx";
import { useOwnOrigins } from "../inbox/own-origins.ts";
import { StaffNotes } from "../notes/staff-notes.tsx";
import { useStaffPush } from "../realtime/staff-socket.ts";
import { ReplyAttachments, ReplyBox, useReplyTools } from "../saved-replies/reply-tools.tsx";
import { Button } from "../shell/button.tsx";
import { DetailStatus, detailTexts } from "../shell/detail/detail-status.tsx";
import { showToast } from "../shell/overlay/toast-store.ts";
import { focusIfArrived } from "../shell/routing/route-focus.ts";
import { AssigneeOptions, useAssignableAdmins } from "../users/assignee-options.tsx";
import { VisitorPanel } from "../visitors/visitor-panel.tsx";
import { conversationAfterPush, withMessage } from "./conversation-live.ts";
import { type ShownMessage, shownMessages } from "./conversation-resources.ts";
import { conversationsApi } from "./conversations-api.ts";
import { MessageHtml } from "./message-html.tsx";
import { createTypingSignal } from "./typing-signal.ts";

/** The visitor as staff name them: their name, else their e-mail, else "Visitor". */
export function visitorName(session: AdminConversation["session"], fallback: string): string {
  return session.name?.trim() || session.email?.trim() || fallback;
}

export function MessageItem({
  message,
  shown,
  visitor,
  seen,
}: {
  message: ConversationMessage;
  /** Its cleaned HTML and attachments, external pictures held back (conversation-resources.ts). */
  shown: ShownMessage | undefined;
  visitor: string;
  seen: boolean;
}) {
  const { t } = useT();
  const who =
    message.author === "visitor"
      ? visitor
      : (message.name ?? (message.author === "bot" ? t("conversation.bot") : ""));
  return (
    <li className="message" data-author={message.author} data-testid="conversation-message">
      <div className="message-meta">
        <span className="message-who">{who}</span>
        <TimeAgo value={message.createdAt} />
      </div>
      <div className="message-bubble">
        {message.author === "visitor" || !shown?.html ? (
          <p className="message-text" dir="auto">
            {message.author === "visitor" ? message.text : ""}
          </p>
        ) : (
          <MessageHtml html={shown.html} />
        )}
        {shown && shown.attachments.length > 0 && (
          <ul className="message-attachments">
            {shown.attachments.map((attachment) => (
              <li key={attachment.href}>
                <a href={attachment.href} target="_blank" rel="noopener noreferrer">
                  {attachment.image ? (
                    <img
                      src={attachment.image}
                      alt={t("conversation.attachment", { name: attachment.name })}
                    />
                  ) : attachment.blocked ? (
                    <span className="external-placeholder" data-testid="attachment-blocked">
                      {t("conversation.attachmentBlocked", { name: attachment.name })}
                    </span>
                  ) : (
                    t("conversation.attachment", { name: attachment.name })
                  )}
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
      {seen && (
        <span className="message-seen" data-testid="message-seen">
          {t("conversation.seen")}
        </span>
      )}
    </li>
  );
}

/** The bar that keeps a live conversation's outside images from loading until staff allow them. */
export function ConversationExternalBar({
  live,
}: {
  live: Pick<ReturnType<typeof useLiveConversation>, "shown" | "allowExternal" | "allowExternalNow">;
}) {
  const { t } = useT();
  const external = live.shown?.external;
  if (external === undefined) return null;
  return (
    <ExternalContentBar
      count={external}
      allowed={live.allowExternal}
      onAllow={live.allowExternalNow}
      texts={{
        blocked: t("conversation.external.blocked", { count: external }),
        load: t("conversation.external.load"),
        loaded: t("conversation.external.loaded", { count: external }),
      }}
    />
  );
}

/**
 * The reply box: Enter sends, Shift+Enter breaks the line; typing tells the visitor's messenger. The
 * text is the small markdown subset the server turns into HTML; `/` offers the saved replies, and
 * files go along as attachments (saved-replies/reply-tools.tsx).
 */
function Composer({
  projectId,
  id,
  visitorName = null,
  onSent,
}: {
  projectId: string;
  id: string;
  /** The visitor's own name, for the saved replies' placeholders. */
  visitorName?: string | null;
  onSent: (message: ConversationMessage) => void;
}) {
  const { t } = useT();
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const tools = useReplyTools({ projectId, visitorName, text, setText });
  const empty = !text.trim() && tools.attachments.length === 0;
  const typing = useMemo(
    () =>
      createTypingSignal((value) => {
        conversationsApi.typing(projectId, id, value).catch(() => {
          // A lost typing signal is not worth an error.
        });
      }),
    [projectId, id],
  );
  useEffect(() => () => typing.stop(), [typing]);

  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    if (empty || busy || tools.uploading.length > 0) return;
    setBusy(true);
    try {
      const message = await conversationsApi.reply(projectId, id, {
        text: text.trim(),
        format: "markdown",
        attachments: tools.attachments,
      });
      setText("");
      tools.reset();
      typing.sent();
      onSent(message);
    } catch (failure) {
      showToast({ type: "error", heading: "conversation.sendFailed", body: apiErrorMessage(failure) });
    } finally {
      setBusy(false);
    }
  };

  const keyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (tools.keyDown(event)) return;
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  return (
    <form className="composer" onSubmit={send}>
      <ReplyBox
        tools={tools}
        id="reply-text"
        label={t("conversation.reply")}
        text={text}
        onText={(value) => {
          setText(value);
          if (value.trim()) typing.typed();
        }}
        onKeyDown={keyDown}
        data-testid="reply-text"
        rows={3}
        placeholder={t("conversation.replyPlaceholder")}
      />
      <Button type="submit" disabled={busy || empty || tools.uploading.length > 0} data-testid="reply-send">
        {busy ? t("conversation.sending") : t("conversation.send")}
      </Button>
      <ReplyAttachments tools={tools} disabled={busy} />
    </form>
  );
}

/**
 * A conversation as loaded and kept up to date: pushes for it arrive through the staff socket; while it
 * is on screen the visitor's messages are marked read. `shown` is its messages cleaned for display,
 * external pictures held back until the admin allows them for this conversation.
 */
export function useLiveConversation(projectId: string, id: string, onRead: (id: string) => void) {
  const { resource, reload, replace } = useResource(
    () => conversationsApi.get(projectId, id),
    `${projectId}/${id}`,
  );
  const conversation = resource.state === "ready" ? resource.data : null;
  const own = useOwnOrigins();
  // Per conversation: opening another one starts blocked again.
  const [allowedFor, setAllowedFor] = useState<string | null>(null);
  const allowExternal = allowedFor === id;
  const messages = conversation?.messages;
  const shown = useMemo(
    () => (messages && own ? shownMessages(messages, { own, allowExternal, adminUrl: location.href }) : null),
    [messages, own, allowExternal],
  );
  // The latest state, also between a change and its render: two pushes in one task must both land.
  const update = useLatestUpdate(conversation, replace);

  useStaffPush(
    (push) => update((current) => conversationAfterPush(current, push)),
    () => reload(),
  );

  // Read while on screen: the visitor's messages count as read once staff have them in front of them.
  const unread = conversation?.unread ?? 0;
  useEffect(() => {
    if (unread === 0 || document.visibilityState === "hidden") return;
    conversationsApi.read(projectId, id).then(
      () => {
        onRead(id);
        refreshAlertCounts();
      },
      () => {
        // Stays unread; the next message or visit tries again.
      },
    );
  }, [unread, projectId, id, onRead]);

  return {
    resource,
    reload,
    conversation,
    update,
    shown,
    allowExternal,
    allowExternalNow: () => setAllowedFor(id),
  };
}

/** The staff message the visitor has read last, when it is the newest one from staff or a bot. */
function seenMessageId(conversation: AdminConversation): string | null {
  const lastStaff = [...conversation.messages].reverse().find((message) => message.author !== "visitor");
  return lastStaff &&
    conversation.visitorLastReadMessageId &&
    conversation.visitorLastReadMessageId >= lastStaff.id
    ? lastStaff.id
    : null;
}

/** Assigning the conversation, and closing or reopening it; `busy` while one is on its way. */
function useConversationActions(
  projectId: string,
  id: string,
  update: ReturnType<typeof useLiveConversation>["update"],
) {
  const [busy, setBusy] = useState(false);
  const act = async (call: () => Promise<AdminConversation>) => {
    setBusy(true);
    try {
      const next = await call();
      update(() => next);
    } catch (failure) {
      showToast({ type: "error", heading: "toast.error", body: apiErrorMessage(failure) });
    } finally {
      setBusy(false);
    }
  };
  const assign = (assigneeId: string | null) => act(() => conversationsApi.assign(projectId, id, assigneeId));
  // No toast: the status badge says it, and a toast would sit over the reply box's Send for 5 s.
  const changeStatus = (close: boolean) =>
    act(() => (close ? conversationsApi.close(projectId, id) : conversationsApi.reopen(projectId, id)));
  return { busy, assign, changeStatus };
}

/** The reply box of an open conversation, its sent message added to it; a note once it is closed. */
export function ConversationReply({
  projectId,
  id,
  conversation,
  update,
  closedTestId,
}: {
  projectId: string;
  id: string;
  conversation: AdminConversation;
  update: ReturnType<typeof useLiveConversation>["update"];
  closedTestId?: string;
}) {
  const { t } = useT();
  if (conversation.status !== "open") {
    return (
      <p className="conversation-closed-note subtle" data-testid={closedTestId}>
        {t("conversation.closedNote")}
      </p>
    );
  }
  return (
    <Composer
      projectId={projectId}
      id={id}
      visitorName={conversation.session.name}
      onSent={(message) => update((current) => withMessage(current, message))}
    />
  );
}

/**
 * One conversation: who the visitor is, the messages (visitor text as text, staff and bot HTML
 * sanitized), the visitor's read mark and typing, the reply box, and close or reopen.
 */
export function ConversationView({
  projectId,
  id,
  backHref,
  visitorTyping,
  onRead,
}: {
  projectId: string;
  id: string;
  backHref: string;
  visitorTyping: boolean;
  onRead: (id: string) => void;
}) {
  const { t } = useT();
  const live = useLiveConversation(projectId, id, onRead);
  const { resource, reload, conversation, update, shown } = live;
  const { busy, assign, changeStatus } = useConversationActions(projectId, id, update);
  const end = useRef<HTMLLIElement>(null);

  const count = conversation?.messages.length ?? 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new message or typing line scrolls into view.
  useEffect(() => {
    end.current?.scrollIntoView({ block: "end" });
  }, [count, visitorTyping]);

  if (!conversation) {
    return (
      <div className="conversation-view">
        <DetailStatus
          resource={resource}
          back={<ConversationBack href={backHref} />}
          onRetry={reload}
          texts={detailTexts("conversation")}
        />
      </div>
    );
  }

  const visitor = visitorName(conversation.session, t("conversations.visitor"));
  const seenId = seenMessageId(conversation);

  return (
    <article
      className="conversation-view"
      aria-labelledby="conversation-subject"
      data-testid="conversation-view"
    >
      <ConversationHead
        conversation={conversation}
        visitor={visitor}
        backHref={backHref}
        busy={busy}
        onToggle={() => changeStatus(conversation.status === "open")}
        onAssign={assign}
      />
      <CollectedData collected={Object.entries(conversation.collected)} />
      <ConversationExternalBar live={live} />
      <MessageLog
        projectId={projectId}
        conversation={conversation}
        shown={shown}
        visitor={visitor}
        seenId={seenId}
        visitorTyping={visitorTyping}
        end={end}
      />
      <StaffNotes target={{ kind: "conversation", id, projectId }} variant="pane" />
      <ConversationReply
        projectId={projectId}
        id={id}
        conversation={conversation}
        update={update}
        closedTestId="conversation-closed"
      />
      <VisitorPanel sessionId={conversation.session.id} current={{ kind: "conversation", id }} />
    </article>
  );
}

/**
 * The messages (the visitor's read mark on the last one they saw) with who took the conversation and
 * handed it on between them (assignments/assignment-timeline.tsx), and the visitor typing at the end.
 */
function MessageLog({
  projectId,
  conversation,
  shown,
  visitor,
  seenId,
  visitorTyping,
  end,
}: {
  projectId: string;
  conversation: AdminConversation;
  shown: ReturnType<typeof useLiveConversation>["shown"];
  visitor: string;
  seenId: string | null;
  visitorTyping: boolean;
  end: RefObject<HTMLLIElement | null>;
}) {
  const { t } = useT();
  const assignments = useAssignmentTimeline({ kind: "conversation", id: conversation.id, projectId });
  // Focusable: a long conversation scrolls here, and the keyboard must be able to scroll it too.
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reached by Tab (WCAG 2.1.1).
    <ol className="message-list" aria-label={t("conversation.messages")} aria-live="polite" tabIndex={0}>
      {withAssignments(conversation.messages, assignments).map((entry) =>
        isAssignmentEvent(entry) ? (
          <AssignmentLine key={entry.id} event={entry} />
        ) : (
          <MessageItem
            key={entry.id}
            message={entry}
            shown={shown?.messages.get(entry.id)}
            visitor={visitor}
            seen={entry.id === seenId}
          />
        ),
      )}
      <li ref={end} className="message-end" aria-hidden={!visitorTyping}>
        {visitorTyping && (
          <span className="typing-line" data-testid="visitor-typing">
            <span className="typing-dots" aria-hidden="true">
              <span className="typing-dot" />
              <span className="typing-dot" />
              <span className="typing-dot" />
            </span>
            {t("conversation.visitorTyping", { name: visitor })}
          </span>
        )}
      </li>
    </ol>
  );
}

/** The subject, who the visitor is and since when, the status and the button that closes or reopens. */
function ConversationHead({
  conversation,
  visitor,
  backHref,
  busy,
  onToggle,
  onAssign,
}: {
  conversation: AdminConversation;
  visitor: string;
  backHref: string;
  busy: boolean;
  onToggle: () => void;
  onAssign: (assigneeId: string | null) => void;
}) {
  const { t } = useT();
  const format = useFormatters();
  const admins = useAssignableAdmins();
  const assignee = conversation.assignee;

  return (
    <header className="conversation-head">
      <ConversationBack href={backHref} />
      <div className="conversation-title">
        {/* Opened from the list, the conversation takes the focus (on a phone the list is hidden). */}
        <h2 id="conversation-subject" tabIndex={-1} ref={focusIfArrived}>
          {conversation.subject || t("conversations.noMessages")}
        </h2>
        <p className="subtle">
          <span className="conversation-visitor">{visitor}</span>
          {conversation.session.email && conversation.session.email !== visitor && (
            <span className="email-text"> · {conversation.session.email}</span>
          )}
          {conversation.session.userId && (
            <span>
              {" "}
              · {t("conversation.userId")} <code>{conversation.session.userId}</code>
            </span>
          )}
          <span title={format.dateTime(conversation.createdAt)}>
            {" "}
            ·{" "}
            {t("conversation.started", {
              time: format.ago(conversation.createdAt),
              unit: format.since(conversation.createdAt).unit,
            })}
          </span>
        </p>
      </div>
      <div className="conversation-actions">
        <label className="conversation-assignee">
          <span className="visually-hidden">{t("conversation.assignee")}</span>
          <select
            name="conversationAssignee"
            value={assignee?.id ?? ""}
            disabled={busy}
            onChange={(event) => onAssign(event.target.value || null)}
          >
            <AssigneeOptions admins={admins} current={assignee} nobody={t("conversation.unassigned")} />
          </select>
        </label>
        <span
          className={conversation.status === "open" ? "badge badge-success" : "badge"}
          data-testid="conversation-status"
        >
          {t(`conversations.status.${conversation.status}`)}
        </span>
        <Button
          variant="secondary"
          size="sm"
          disabled={busy}
          onClick={onToggle}
          data-testid="conversation-toggle"
        >
          {t(conversation.status === "open" ? "conversation.close" : "conversation.reopen")}
        </Button>
      </div>
    </header>
  );
}

/** What the bot collected from the visitor, folded away. */
function CollectedData({ collected }: { collected: [string, string][] }) {
  const { t } = useT();
  if (collected.length === 0) return null;
  return (
    <details className="conversation-collected">
      <summary>{t("conversation.collected")}</summary>
      <dl className="field-list">
        {collected.map(([key, value]) => (
          <div className="field-row" key={key}>
            <dt>{key}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

/** On a phone the conversation has the whole screen: this leads back to the list. */
function ConversationBack({ href }: { href: string }) {
  const { t } = useT();
  return (
    <Link href={href} className="conversation-back">
      ← {t("conversations.backToList")}
    </Link>
  );
}
