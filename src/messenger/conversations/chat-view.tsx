import {
  type DragEvent,
  type ReactNode,
  type RefObject,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { Skeleton, useTexts } from "../shell/shell-api.ts";
import { type ChatItem, ChatLog } from "./chat-parts.tsx";
import { ContentIcon } from "./content-icons.tsx";
import { conversationTexts } from "./conversation-texts.ts";

/** Within this many pixels of the end, the visitor counts as reading the newest message. */
const nearEndPx = 96;

/** The scrolling element the chat lives in: the shell's screen body. */
const scrollerOf = (element: HTMLElement | null) => element?.closest<HTMLElement>(".screen-body") ?? null;

const reducedMotion = () =>
  typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;

function scrollToEnd(scroller: HTMLElement | null, smooth: boolean) {
  if (!scroller) return;
  const top = scroller.scrollHeight;
  if (typeof scroller.scrollTo === "function")
    scroller.scrollTo({ top, behavior: smooth && !reducedMotion() ? "smooth" : "auto" });
  else scroller.scrollTop = top;
}

interface ChatViewProps {
  items: ChatItem[];
  header?: ReactNode;
  intro?: ReactNode;
  after?: ReactNode;
  footer?: ReactNode;
  onFiles?: (files: File[]) => void;
  testId?: string;
}

/**
 * Keeps the log at its newest message: the first time straight to the end, then following new
 * messages while the visitor reads the end (or wrote them); a visitor scrolled up is offered a jump.
 */
function useFollowEnd(root: RefObject<HTMLDivElement | null>, items: ChatItem[], afterShown: boolean) {
  const atEnd = useRef(true);
  const seen = useRef<{ count: number; last: string | null } | null>(null);
  const [unseen, setUnseen] = useState(false);

  useEffect(() => {
    const scroller = scrollerOf(root.current);
    if (!scroller) return;
    const onScroll = () => {
      atEnd.current = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight <= nearEndPx;
      if (atEnd.current) setUnseen(false);
    };
    // Pictures that arrive later grow the log: stay at the end if that is where the visitor was.
    const onLoad = () => {
      if (atEnd.current) scrollToEnd(scroller, false);
    };
    scroller.addEventListener("scroll", onScroll, { passive: true });
    scroller.addEventListener("load", onLoad, true);
    return () => {
      scroller.removeEventListener("scroll", onScroll);
      scroller.removeEventListener("load", onLoad, true);
    };
  }, [root]);

  const last = items[items.length - 1];
  const lastKey = last?.key ?? null;
  // The first time: straight to the end (after the shell's own scroll to the top). Then: follow new
  // messages if the visitor was at the end or wrote it, else offer the button.
  useLayoutEffect(() => {
    const scroller = scrollerOf(root.current);
    const previous = seen.current;
    seen.current = { count: items.length, last: lastKey };
    if (!previous) {
      const toEnd = () => scrollToEnd(scroller, false);
      toEnd();
      const frame = typeof requestAnimationFrame === "function" ? requestAnimationFrame(toEnd) : 0;
      return () => {
        if (typeof cancelAnimationFrame === "function") cancelAnimationFrame(frame);
      };
    }
    if (previous.last === lastKey) return;
    if (atEnd.current || last?.author === "visitor") scrollToEnd(scroller, true);
    else setUnseen(true);
  }, [root, lastKey, items.length, last?.author]);

  // Something new below the log (typing, choices): keep it in view for a visitor at the end.
  useEffect(() => {
    if (afterShown && atEnd.current) scrollToEnd(scrollerOf(root.current), true);
  }, [root, afterShown]);

  const jump = useCallback(() => {
    scrollToEnd(scrollerOf(root.current), true);
    setUnseen(false);
  }, [root]);
  return { unseen, jump };
}

/** Files dragged over the chat: whether they are, and what takes them when dropped (`onFiles`). */
function useFileDrop(onFiles: ((files: File[]) => void) | undefined) {
  const [dragging, setDragging] = useState(false);
  const dragOver = (event: DragEvent) => {
    if (!onFiles || !event.dataTransfer?.types?.includes("Files")) return;
    event.preventDefault();
    setDragging(true);
  };
  const drop = (event: DragEvent) => {
    if (!onFiles) return;
    event.preventDefault();
    setDragging(false);
    if (event.dataTransfer?.files.length) onFiles([...event.dataTransfer.files]);
  };
  return { dragging, setDragging, dragOver, drop };
}

/**
 * A chat: the log, then whatever follows it (a typing indicator, a bot's choices), with the footer
 * (composer or closed note) kept in reach at the bottom and the header (who answers) at the top. It
 * opens at the newest message and follows new ones while the visitor reads the end; a visitor
 * scrolled up gets a "New messages" button instead of being pulled down. Files dropped anywhere on it
 * go to `onFiles`.
 */
export function ChatView({ items, header, intro, after, footer, onFiles, testId = "chat" }: ChatViewProps) {
  const t = useTexts(conversationTexts);
  const root = useRef<HTMLDivElement>(null);
  const { unseen, jump } = useFollowEnd(root, items, after != null && after !== false);
  const { dragging, setDragging, dragOver, drop } = useFileDrop(onFiles);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a drop target for files; the composer's attach button does the same from the keyboard
    <div
      className={dragging ? "chat chat--dragging" : "chat"}
      ref={root}
      data-testid={testId}
      onDragOver={dragOver}
      onDragLeave={(event) => {
        if (event.currentTarget === event.target) setDragging(false);
      }}
      onDrop={drop}
    >
      {header}
      <div className="chat-scroll">
        {intro}
        <ChatLog items={items} label={t("conversation.log")} />
        {after}
      </div>
      <div className="chat-footer">
        {unseen && (
          <button type="button" className="jump-pill" onClick={jump} data-testid="jump-to-new">
            {t("conversation.newMessages")}
            <ContentIcon name="arrowDown" size={16} />
          </button>
        )}
        {footer}
      </div>
      {dragging && (
        <div className="drop-overlay" aria-hidden="true">
          <ContentIcon name="paperclip" size={28} />
          {t("conversation.dropHere")}
        </div>
      )}
    </div>
  );
}

/** The shape of a chat while it loads: bubbles on both sides. */
export function ChatSkeleton() {
  return (
    <div className="chat chat--loading">
      <div className="chat-scroll chat-skeleton">
        <Skeleton lines={2} card={false} />
        <span className="skeleton-block skeleton-bubble skeleton-bubble--end" />
        <span className="skeleton-block skeleton-bubble" />
      </div>
    </div>
  );
}
