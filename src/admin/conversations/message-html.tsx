import DOMPurify from "dompurify";
import { useMemo } from "react";
import { holdRichTextAddresses, richTextPurifyOptions } from "../../shared/rich-text-purify.ts";

/**
 * Staff and bot messages are HTML. The server cleans them when stored; the admin cleans them again with
 * the allow-list the messenger applies to the same messages (src/shared/rich-text-allow-list.ts), so an
 * older row or a bug cannot run a script, load a frame or style the dashboard. Links open in a new tab,
 * never in the admin's own.
 */
holdRichTextAddresses(DOMPurify);

/** The HTML with the shared allow-list applied and every link sent to a new tab without a handle on the admin. */
export function sanitizeMessageHtml(html: string): string {
  const clean = DOMPurify.sanitize(html, { ...richTextPurifyOptions, RETURN_DOM_FRAGMENT: true });
  for (const link of clean.querySelectorAll("a[href]")) {
    link.setAttribute("target", "_blank");
    link.setAttribute("rel", "noopener noreferrer");
  }
  const holder = document.createElement("div");
  holder.append(clean);
  return holder.innerHTML;
}

/** A staff or bot message's HTML, sanitized. */
export function MessageHtml({ html }: { html: string }) {
  const clean = useMemo(() => sanitizeMessageHtml(html), [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by DOMPurify just above.
  return <div className="message-html" dir="auto" dangerouslySetInnerHTML={{ __html: clean }} />;
}
