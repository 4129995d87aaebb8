import type { ReactNode } from "react";
import type { Attachment, ConversationMessage } from "../../shared/conversations-api.ts";
import { Icon } from "../shell/icons.tsx";
import { useHostActions, useLocale, useTexts } from "../shell/shell-api.ts";
import { Avatar } from "./avatar.tsx";
import { clockTime, dayKey, dayLabel, fullDateTime } from "./chat-time.ts";
import { ContentIcon } from "./content-icons.tsx";
import { conversationTexts } from "./conversation-texts.ts";
import { RichText } from "./rich-text.tsx";
import { isImage, isVideo } from "./uploads.ts";

/**
 * The chat's building blocks, shared by conversations and bots: a log of message bubbles (the
 * visitor's at the end of the line, staff and bots at the start with their picture and name), a
 * separator per day, grouped runs of one author, attachments, a typing indicator.
 */
export interface ChatItem {
  key: string;
  author: ConversationMessage["author"];
  name: string | null;
  avatarUrl: string | null;
  /** The visitor's plain text, or a staff or bot HTML text. */
  text: string;
  attachments: Attachment[];
  createdAt: string;
  /** A visitor message not stored yet. */
  state?: "sending" | "failed";
  /** Why a failed message was refused, when it is something the visitor can act on (translated). */
  problem?: string;
  onRetry?: () => void;
}

export const itemOfMessage = (message: ConversationMessage): ChatItem => ({
  key: message.id,
  author: message.author,
  name: message.name,
  avatarUrl: message.avatarUrl,
  text: message.text,
  attachments: message.attachments,
  createdAt: message.createdAt,
});

/** Messages of one author within this long of each other form one group (one name, one time). */
const groupGapMs = 5 * 60_000;

function sameGroup(a: ChatItem | undefined, b: ChatItem | undefined): boolean {
  if (!a || !b) return false;
  if (a.author !== b.author || (a.author !== "visitor" && a.name !== b.name)) return false;
  if (a.state === "failed" || b.state === "failed") return false;
  if (dayKey(a.createdAt) !== dayKey(b.createdAt)) return false;
  return Math.abs(Date.parse(b.createdAt) - Date.parse(a.createdAt)) <= groupGapMs;
}

function AttachmentView({ attachment }: { attachment: Attachment }) {
  const t = useTexts(conversationTexts);
  const { send, openUrl } = useHostActions();
  if (isImage(attachment.type))
    return (
      <button
        type="button"
        className="attachment attachment--image"
        aria-label={t("conversation.openImage", { name: attachment.name })}
        onClick={() => send({ name: "open-image", data: { url: attachment.url } })}
      >
        <img src={attachment.url} alt="" loading="lazy" />
      </button>
    );
  if (isVideo(attachment.type))
    return (
      // biome-ignore lint/a11y/useMediaCaption: visitors' and staff's own recordings have no captions
      <video className="attachment attachment--video" src={attachment.url} controls preload="metadata">
        {attachment.name}
      </video>
    );
  return (
    <a
      className="attachment attachment--file"
      href={attachment.url}
      onClick={(event) => {
        event.preventDefault();
        openUrl(attachment.url, true);
      }}
    >
      <ContentIcon name="file" size={18} />
      <span className="one-line" dir="auto">
        {attachment.name}
      </span>
    </a>
  );
}

function Bubble({ item, first, last }: { item: ChatItem; first: boolean; last: boolean }) {
  const t = useTexts(conversationTexts);
  const { lang } = useLocale();
  const visitor = item.author === "visitor";
  const name = visitor ? t("conversations.you") : item.name || t("conversation.team");
  const hasText = item.text.trim() !== "";
  const classes = [
    "msg",
    visitor ? "msg--visitor" : "msg--staff",
    first ? "msg--first" : "",
    last ? "msg--last" : "",
    item.state ? `msg--${item.state}` : "",
  ]
    .filter(Boolean)
    .join(" ");
  return (
    <li className={classes} data-author={item.author} data-testid="chat-message">
      {!visitor && (
        <span className="msg-avatar">{last && <Avatar name={name} url={item.avatarUrl} size={28} />}</span>
      )}
      <div className="msg-body">
        {!visitor && first ? (
          <span className="msg-name" dir="auto">
            {name}
          </span>
        ) : (
          <span className="visually-hidden">{t("conversation.said", { name })}</span>
        )}
        {hasText &&
          (visitor ? (
            <p className="bubble bubble--text" dir="auto">
              {item.text}
            </p>
          ) : (
            <RichText html={item.text} className="bubble bubble-html" />
          ))}
        {item.attachments.length > 0 && (
          <div className="msg-attachments">
            {item.attachments.map((attachment) => (
              <AttachmentView key={attachment.url} attachment={attachment} />
            ))}
          </div>
        )}
        {item.state === "sending" && (
          <span className="msg-meta" data-testid="message-sending">
            {t("conversation.sending")}
          </span>
        )}
        {item.state === "failed" && (
          <span className="msg-meta msg-meta--failed" role="alert" data-testid="message-failed">
            <Icon name="alert" size={14} />
            {t("conversation.notSent")}
            {item.onRetry && (
              <button type="button" className="link-button" onClick={item.onRetry}>
                <ContentIcon name="retry" size={14} />
                {t("conversation.retry")}
              </button>
            )}
            {item.problem && (
              <span className="msg-problem" data-testid="message-problem">
                {item.problem}
              </span>
            )}
          </span>
        )}
        {!item.state && last && (
          <time className="msg-meta" dateTime={item.createdAt} title={fullDateTime(lang, item.createdAt)}>
            {clockTime(lang, item.createdAt)}
          </time>
        )}
      </div>
    </li>
  );
}

function DaySeparator({ date }: { date: string }) {
  const t = useTexts(conversationTexts);
  const { lang } = useLocale();
  const label = dayLabel(lang, date);
  const text =
    label.kind === "today"
      ? t("conversation.today")
      : label.kind === "yesterday"
        ? t("conversation.yesterday")
        : label.text;
  return (
    <li className="day-separator" data-testid="day-separator">
      <span>{text}</span>
    </li>
  );
}

/**
 * The messages as a log (`role="log"`: screen readers announce what is added), a day separator
 * before each new day, one name and one time per group.
 */
export function ChatLog({ items, label }: { items: ChatItem[]; label: string }) {
  const rows: ReactNode[] = [];
  items.forEach((item, index) => {
    const previous = items[index - 1];
    const next = items[index + 1];
    if (!previous || dayKey(previous.createdAt) !== dayKey(item.createdAt))
      rows.push(<DaySeparator key={`day-${dayKey(item.createdAt)}-${item.key}`} date={item.createdAt} />);
    rows.push(
      <Bubble key={item.key} item={item} first={!sameGroup(previous, item)} last={!sameGroup(item, next)} />,
    );
  });
  return (
    <div
      className="chat-log-region"
      role="log"
      aria-live="polite"
      aria-relevant="additions"
      aria-label={label}
    >
      <ol className="chat-log">{rows}</ol>
    </div>
  );
}

/** "Lena is typing…": three dots in a bubble, said once to screen readers. */
export function TypingIndicator({
  name,
  avatarUrl,
  label,
}: {
  name: string | null;
  avatarUrl?: string | null;
  label: string;
}) {
  return (
    <div className="msg msg--staff msg--first msg--last typing" data-testid="typing-indicator">
      <span className="msg-avatar">
        <Avatar name={name} url={avatarUrl} size={28} />
      </span>
      <div className="msg-body">
        <span className="bubble typing-dots" aria-hidden="true">
          <span />
          <span />
          <span />
        </span>
        <span className="typing-label">{label}</span>
      </div>
    </div>
  );
}
