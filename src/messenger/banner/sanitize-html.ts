import DOMPurify from "dompurify";

/**
 * The body of a banner or a modal is HTML written in the admin; it is sanitized before it is shown, so
 * the frame never runs a script or loads more than an image: formatting, lists, headings, quotes,
 * links (web, mail and phone; DOMPurify drops `javascript:` and friends) and images. Links do not
 * navigate the frame: the app hands them to the host (`open-url`), which opens them its way.
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

export function sanitizeHtml(html: unknown): string {
  if (typeof html !== "string" || html === "") return "";
  return DOMPurify.sanitize(html, config);
}
