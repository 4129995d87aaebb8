import DOMPurify from "dompurify";
import { useMemo } from "react";

/**
 * Staff and bot messages are HTML. The server cleans them when stored; the admin cleans them again with
 * the allow-list the messenger applies to the same messages (src/messenger/conversations/rich-text.tsx,
 * kept as a copy: the admin reaches the messenger only over HTTP), so an older row or a bug cannot run a
 * script, load a frame or style the dashboard. Links open in a new tab, never in the admin's own.
 */
const config = {
  ALLOWED_TAGS: [
    "p",
    "br",
    "b",
    "strong",
    "i",
    "em",
    "u",
    "s",
    "span",
    "a",
    "ul",
    "ol",
    "li",
    "h1",
    "h2",
    "h3",
    "h4",
    "blockquote",
    "code",
    "pre",
    "hr",
    "img",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "mark",
  ],
  ALLOWED_ATTR: ["href", "src", "alt", "title", "width", "height"],
  ALLOW_DATA_ATTR: false,
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|tel:|data:image\/(?:png|jpe?g|gif|webp);)/i,
};

function sanitize(html: string): string {
  const clean = DOMPurify.sanitize(html, { ...config, RETURN_DOM_FRAGMENT: true });
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
  const clean = useMemo(() => sanitize(html), [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by DOMPurify just above.
  return <div className="message-html" dir="auto" dangerouslySetInnerHTML={{ __html: clean }} />;
}
