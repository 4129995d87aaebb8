import { type MouseEvent, type RefObject, useEffect, useLayoutEffect, useMemo, useState } from "react";
import { type ActionMessage, actionMessage, type OutboundButton, readButtons } from "./outbound-content.ts";
import type { FrameSchemas, ParentChannel } from "./parent-channel.ts";
import { sanitizeHtml } from "./sanitize-html.ts";
import "./outbound-buttons.css";

/**
 * React pieces the banner and the modal frames share: the host's data, the buttons, the sanitized body
 * whose links go to the host, the close control and the height report.
 */

/**
 * What the host sent the frame to show (null until it has), with its buttons read and its body
 * sanitized.
 */
export function useOutboundData<Data extends { body?: unknown; buttons?: unknown }, T extends FrameSchemas>(
  channel: ParentChannel<T>,
) {
  const [data, setData] = useState<Data | null>(null);
  // Before the first paint: the host's data may already be waiting in the page's inbox
  // (frame-inbox.ts), and then the first frame drawn is the content, not an empty page.
  useLayoutEffect(
    () => channel.start((message) => setData((message as { data: unknown }).data as Data)),
    [channel],
  );
  const buttons = useMemo(() => readButtons(data?.buttons), [data]);
  const body = useMemo(() => sanitizeHtml(data?.body), [data]);
  return { data, buttons, body };
}

/** The frame's close control; `className` says where it sits. */
export function CloseButton({
  className,
  label,
  onClick,
}: {
  className: string;
  label: string;
  onClick(): void;
}) {
  return (
    <button type="button" className={`ob-close ${className}`} aria-label={label} onClick={onClick}>
      <svg viewBox="0 0 14 14" aria-hidden="true" focusable="false">
        <path d="M2 2l10 10M12 2 2 12" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
    </button>
  );
}

export function OutboundButtons({
  buttons,
  onAction,
  onClose,
}: {
  buttons: OutboundButton[];
  onAction(message: ActionMessage): void;
  onClose(): void;
}) {
  if (buttons.length === 0) return null;
  return (
    <div className="ob-actions">
      {buttons.map((button, index) => (
        <button
          // The list never changes while shown; the index keeps equal labels apart.
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list
          key={index}
          type="button"
          className={`ob-button ob-button--${button.style}`}
          onClick={() => {
            const message = actionMessage(button);
            if (message) onAction(message);
            else if (button.action === "close") onClose();
          }}
        >
          {button.text}
        </button>
      ))}
    </div>
  );
}

/** A click on a link of the body: the host opens it (its URL handler, this tab or a new one). */
export function linkClickToHost(event: MouseEvent, onAction: (message: ActionMessage) => void) {
  const link = (event.target as Element | null)?.closest?.("a[href]");
  if (!link) return;
  event.preventDefault();
  const href = link.getAttribute("href") ?? "";
  if (href.startsWith("#")) return;
  onAction({ name: "open-url", data: href, newTab: link.getAttribute("target") === "_blank" });
}

/** Reports the element's height whenever it changes, rounded up to whole pixels. */
export function useReportedHeight(
  ref: RefObject<HTMLElement | null>,
  active: boolean,
  report: (height: number) => void,
) {
  useEffect(() => {
    const element = ref.current;
    if (!active || !element) return;
    let last = -1;
    const measure = () => {
      const height = Math.ceil(element.getBoundingClientRect().height);
      if (height === last) return;
      last = height;
      report(height);
    };
    measure();
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, active, report]);
}
