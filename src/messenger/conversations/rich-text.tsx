import { type MouseEvent, useMemo } from "react";
import { sanitizeHtml } from "../banner/sanitize-html.ts";
import { useHostActions } from "../shell/shell-api.ts";
import "../../shared/rich-text-body.css";
import "./rich-text.css";

/**
 * Rich texts from the server (staff replies, bot steps, help articles, news posts, checklist texts)
 * are HTML. The server cleans them when they are stored; the frame cleans them again with the shared
 * allow-list (the banner and modal frames' sanitizer) before they reach the DOM, so a text that slipped
 * past (an older row, a bug) still cannot run a script, load a frame or style the page. Only lazy
 * screens import this module: the first screen never pays for DOMPurify.
 *
 * Links never navigate the frame: a click hands web, mail and phone links to the host
 * (`open-url`, which opens them in a new tab or through the host's URL handler).
 */

/** A link the host may open: web, mail and phone addresses. */
export const isOpenableUrl = (href: string) => /^(?:https?:|mailto:|tel:)/i.test(href);

/**
 * Shows a rich text: sanitized, marked `dir="auto"` so it reads right in either direction, with its
 * links opened by the host. `className` picks the typography (`article-body` for articles and news,
 * `bubble-html` in chat bubbles).
 */
export function RichText({
  html,
  className = "article-body",
  testId,
}: {
  html: unknown;
  className?: string;
  testId?: string;
}) {
  const { openUrl } = useHostActions();
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as Element | null)?.closest?.("a[href]");
    if (!link) return;
    // The frame never navigates itself; the host opens what it can.
    event.preventDefault();
    const href = link.getAttribute("href") ?? "";
    if (isOpenableUrl(href)) openUrl(href, true);
  };
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: links inside are the controls; Enter on a link fires this click
    <div
      className={`rich-text ${className}`}
      dir="auto"
      data-testid={testId}
      onClick={onClick}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by DOMPurify (sanitize-html.ts) just above
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
