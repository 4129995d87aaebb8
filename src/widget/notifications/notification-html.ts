import { scriptsAndEmbeds } from "../../shared/script-and-embed-tags.ts";
import { type RebuildRules, rebuildHtml } from "../common/html-rebuild.ts";
import { parseInertHtml } from "../common/inert-html.ts";

/**
 * Notification texts may hold simple HTML (the reference writes them into innerHTML; the server escapes
 * the visitor's name it fills in). Here they are rebuilt rather than filtered: the text is parsed in an
 * inert document, and a new fragment is built from it with only inline formatting elements, without a
 * single attribute, and text. No links (the whole notification is one button), no images, no styles;
 * whatever else the text holds contributes its text only, and scripts and styles not even that.
 */
const allowedTags = new Set([
  "B",
  "STRONG",
  "I",
  "EM",
  "U",
  "S",
  "BR",
  "P",
  "SPAN",
  "CODE",
  "UL",
  "OL",
  "LI",
]);
const rules: RebuildRules = {
  dropped: new Set(scriptsAndEmbeds),
  // Copies without a single attribute.
  copy: (_element, name, document) =>
    allowedTags.has(name) ? document.createElement(name.toLowerCase()) : null,
};

const parse = parseInertHtml;

/** Appends the rebuilt fragment of `html` to `target` (no markup string is ever parsed into the page). */
export function appendSafeInlineHtml<T extends Element>(target: T, html: string): T {
  rebuildHtml(parse(html).body, target, document, rules);
  return target;
}

/** The text of an HTML fragment (titles are shown as text): entities decoded, tags dropped. */
export function plainText(html: string): string {
  if (!/[<&]/.test(html)) return html;
  const clean = document.createElement("div");
  rebuildHtml(parse(html).body, clean, document, rules);
  return (clean.textContent ?? "").replace(/\s+/g, " ").trim();
}

/** Only web images: a `javascript:` or other odd address in a notification is not loaded. */
export function safeImageUrl(url: string | undefined): string | undefined {
  if (!url) return undefined;
  if (/^data:image\/(png|jpe?g|gif|webp|svg\+xml)[;,]/i.test(url)) return url;
  try {
    const parsed = new URL(url, document.baseURI);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}
