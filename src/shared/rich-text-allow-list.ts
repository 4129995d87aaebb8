/**
 * The one allow-list for rich text an admin wrote (staff replies, bot steps, articles, news, banner and
 * modal bodies, tooltips, checklist texts), shown by every client: the messenger's screens and its
 * banner and modal frames (DOMPurify), the admin's message view and content preview (DOMPurify), and
 * the host page's tooltips, tours and checklists (a hand-written rebuild, src/widget/tooltips/
 * safe-html.ts, that keeps DOMPurify out of the widget's chunks). Each place keeps its own mechanism;
 * what may pass is decided here, so a preview shows what the frame shows and no client is laxer than
 * another. The server's own sanitizer (src/server/widget-api/messenger/html-sanitizer.ts) is stricter
 * still when texts are stored; this list is the last line in front of the DOM.
 *
 * The lists were once copies that had drifted apart; this is their union, taken only where it is safe
 * in every place: tables, `mark` and `div` are structure without attributes; inline images are raster
 * formats (no HTML document, and an image runs no script); a relative path or an anchor resolves on the page showing
 * the text, and where a click is handed on (the messenger frames pass links to the host, which opens
 * web, mail and phone addresses and host paths only) nothing else is opened. A protocol-relative
 * `//host` is refused: it leaves the origin while looking like a path. `target` is not taken from the
 * text (in DOMPurify its value never passed the URL pattern anyway): where a link opens is each
 * client's decision (a new tab with `noopener` in the admin and for other sites on the host page).
 */

/** Elements kept; any other element leaves at most its text behind (scripts and styles not even that). */
export const richTextTags: readonly string[] = [
  "p",
  "br",
  "b",
  "strong",
  "i",
  "em",
  "u",
  "s",
  "span",
  "div",
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
];

/** Attributes kept; never an event handler, `style`, `class`, `id` or `data-*`. */
export const richTextAttributes: readonly string[] = ["href", "src", "alt", "title", "width", "height"];

/**
 * Addresses a link or an image may have: web, mail and phone, raster images inline, and paths and
 * anchors of the page that shows the text. Anything else (`javascript:`, `data:text/html`, `vbscript:`,
 * `//other.host`, and `/\host` or `/<tab>/host`, which browsers read as `//host`) is removed.
 */
export const richTextUrl = /^(?:https?:|mailto:|tel:|data:image\/(?:png|jpe?g|gif|webp);|\/(?![/\\\s])|#)/i;
