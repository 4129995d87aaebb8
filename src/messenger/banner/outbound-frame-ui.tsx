import { type MouseEvent, type RefObject, useEffect } from "react";
import { type ActionMessage, actionMessage, type OutboundButton } from "./outbound-content.ts";
import "./outbound-buttons.css";

/**
 * React pieces the banner and the modal frames share: the buttons, the sanitized body whose links go
 * to the host, and the height report.
 */

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
