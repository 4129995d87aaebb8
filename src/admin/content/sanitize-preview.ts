import DOMPurify from "dompurify";

/**
 * The admin's preview cleans an HTML body with the allow-list the banner and modal frames apply
 * (src/messenger/banner/sanitize-html.ts), so the preview shows what visitors will see: formatting,
 * lists, headings, quotes, links and images, no script, style or event handler. Kept as a copy rather
 * than an import: the admin SPA reaches the messenger app only over HTTP (ARCHITECTURE.md).
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
  ],
  ALLOWED_ATTR: ["href", "target", "src", "alt", "title", "width", "height"],
  ALLOW_DATA_ATTR: false,
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|tel:|\/|#)/i,
};

export function sanitizePreview(html: string): string {
  return html ? DOMPurify.sanitize(html, config) : "";
}
