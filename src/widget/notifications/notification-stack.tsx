import type { CSSProperties } from "react";
import { plainText, safeImageUrl, safeInlineHtml } from "./notification-html.ts";
import { checklistProgress, type NotificationAction, splitNews } from "./notification-model.ts";
import type { StackPlacement } from "./notification-styles.ts";
import type { NotificationTexts } from "./notification-texts.ts";

export interface NotificationStackProps {
  list: readonly NotificationAction[];
  newsIndex: number;
  texts: NotificationTexts;
  rtl: boolean;
  placement: StackPlacement;
  onOpen(action: NotificationAction): void;
  onNextNews(): void;
  onDismiss(): void;
}

function CloseIcon() {
  return (
    <svg viewBox="0 0 12 12" aria-hidden="true" focusable="false">
      <path d="M1.5 1.5l9 9m0-9-9 9" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}

function ArrowIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none">
      <path
        d="M4 12h16m0 0-6-6m6 6-6 6"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function ChatNotification({ action, onOpen }: { action: NotificationAction; onOpen(): void }) {
  const { sender, text } = action.data;
  const avatar = safeImageUrl(sender?.profileImageUrl);
  return (
    <button type="button" className="gn-item gn-chat" data-kind="chat" onClick={onOpen}>
      {avatar ? <img className="gn-avatar" src={avatar} alt="" /> : null}
      <span className="gn-bubble">
        {sender?.name ? <span className="gn-sender">{sender.name}</span> : null}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: rebuilt from inline formatting only, without attributes (notification-html.ts) */}
        <span className="gn-content" dangerouslySetInnerHTML={{ __html: safeInlineHtml(text) }} />
      </span>
    </button>
  );
}

function ChecklistNotification({
  action,
  onOpen,
  texts,
}: {
  action: NotificationAction;
  onOpen(): void;
  texts: NotificationTexts;
}) {
  const checklist = action.data.checklist;
  if (!checklist) return null;
  const progress = checklistProgress(checklist);
  return (
    <button type="button" className="gn-item gn-card gn-checklist" data-kind="checklist" onClick={onOpen}>
      <span className="gn-card-body">
        <span className="gn-title">{plainText(action.data.text)}</span>
        <span className="gn-bar" aria-hidden="true">
          <span className="gn-bar-fill" style={{ width: `${progress}%` }} />
        </span>
        <span className="gn-visually-hidden">{texts.progress(progress)}</span>
        {checklist.nextStepTitle ? (
          <span className="gn-step">
            <ArrowIcon />
            <span>{plainText(checklist.nextStepTitle)}</span>
          </span>
        ) : null}
      </span>
    </button>
  );
}

function NewsNotification({
  action,
  index,
  total,
  texts,
  onOpen,
  onNext,
  onDone,
}: {
  action: NotificationAction;
  index: number;
  total: number;
  texts: NotificationTexts;
  onOpen(): void;
  onNext(): void;
  onDone(): void;
}) {
  const { coverImageUrl, previewText, sender, text } = action.data;
  // The reference leaves out its editor's stand-in image.
  const cover = coverImageUrl?.includes("NewsImagePlaceholder") ? undefined : safeImageUrl(coverImageUrl);
  const avatar = safeImageUrl(sender?.profileImageUrl);
  const last = index >= total - 1;
  return (
    <article className="gn-item gn-card gn-news" data-kind="news">
      <button type="button" className="gn-open" onClick={onOpen}>
        {cover ? <img className="gn-cover" src={cover} alt="" /> : null}
        <span className="gn-card-body">
          <span className="gn-title">{plainText(text)}</span>
          {previewText ? (
            // biome-ignore lint/security/noDangerouslySetInnerHtml: rebuilt from inline formatting only, without attributes (notification-html.ts)
            <span className="gn-preview" dangerouslySetInnerHTML={{ __html: safeInlineHtml(previewText) }} />
          ) : sender?.name ? (
            <span className="gn-news-sender">
              {avatar ? <img src={avatar} alt="" /> : null}
              {sender.name}
            </span>
          ) : null}
        </span>
      </button>
      {total > 1 ? (
        <span className="gn-pages">
          <span className="gn-page">
            <span aria-hidden="true">{texts.page(index + 1, total)}</span>
            <span className="gn-visually-hidden">{texts.pageLabel(index + 1, total)}</span>
          </span>
          <button type="button" className="gn-next" onClick={last ? onDone : onNext}>
            {last ? texts.done : texts.next}
          </button>
        </span>
      ) : null}
    </article>
  );
}

/**
 * The floating stack of spec §2: a close control, then the news (one at a time, with a page indicator
 * and Next or Done), then the chat and checklist notifications. Every notification is one button that
 * opens what it is about.
 */
export function NotificationStack(props: NotificationStackProps) {
  const { list, texts, rtl, placement } = props;
  const { news, others } = splitNews(list);
  const style = {
    "--gn-bottom": `${placement.bottom}px`,
    "--gn-inset": `${placement.inset}px`,
  } as CSSProperties;
  const index = props.newsIndex < news.length ? props.newsIndex : 0;
  const current = news[index];
  return (
    <section
      className="gn-stack"
      dir={rtl ? "rtl" : "ltr"}
      data-side={placement.side}
      style={style}
      aria-label={texts.region}
      aria-live="polite"
      hidden={list.length === 0}
    >
      {list.length > 0 ? (
        <button type="button" className="gn-close" aria-label={texts.dismiss} onClick={props.onDismiss}>
          <CloseIcon />
        </button>
      ) : null}
      {current ? (
        <NewsNotification
          // One element for every page of the news, so focus stays on Next as it turns into Done.
          key="news"
          action={current}
          index={index}
          total={news.length}
          texts={texts}
          onOpen={() => props.onOpen(current)}
          onNext={props.onNextNews}
          onDone={props.onDismiss}
        />
      ) : null}
      {others.map((action) =>
        action.data.checklist ? (
          <ChecklistNotification
            key={action.outbound}
            action={action}
            texts={texts}
            onOpen={() => props.onOpen(action)}
          />
        ) : (
          <ChatNotification key={action.outbound} action={action} onOpen={() => props.onOpen(action)} />
        ),
      )}
    </section>
  );
}
