import { richTextAttributes, richTextTags, richTextUrl } from "../../shared/rich-text-allow-list.ts";
import { scriptsAndEmbeds } from "../../shared/script-and-embed-tags.ts";
import { type RebuildRules, rebuildHtml } from "./html-rebuild.ts";
import { parseInertHtml } from "./inert-html.ts";

/**
 * Rich text the admin wrote (a tooltip's HTML, a checklist's message and step texts) shown in the host
 * page's own document. It is rebuilt rather than filtered: the text is parsed in an inert document and
 * a new fragment is made of the elements and attributes of the shared allow-list
 * (src/shared/rich-text-allow-list.ts, which the DOMPurify clients use too; DOMPurify itself stays out
 * of the widget's chunks), each attribute checked below, so nothing the input holds (an event handler,
 * a style, a `javascript:` link, an unknown element) passes through.
 * Elements not on the list contribute their text; scripts, styles and embedded documents not even that.
 * The checklist and tour chunks import this file too (the build puts it in a chunk they share).
 */

const allowedTags = new Set(richTextTags.map((tag) => tag.toUpperCase()));
const allowedAttributes = new Set(richTextAttributes);
const droppedWithText = new Set([...scriptsAndEmbeds, "EMBED", "TITLE", "HEAD"]);

const dimension = /^\d{1,4}$/;

function copyElement(source: Element, document: Document): Element | null {
  const name = source.tagName.toUpperCase();
  const copy = document.createElement(name.toLowerCase());
  for (const attribute of allowedAttributes) {
    const value = (source.getAttribute(attribute) ?? "").trim();
    if (attribute === "title") {
      if (value !== "") copy.setAttribute("title", value);
    } else if (name === "A" && attribute === "href") {
      if (richTextUrl.test(value)) {
        copy.setAttribute("href", value);
        // Away from the host page, and the opened page gets no handle on it.
        if (!value.startsWith("#") && !value.startsWith("/")) copy.setAttribute("target", "_blank");
        copy.setAttribute("rel", "noopener noreferrer");
      }
    } else if (name === "IMG" && attribute === "src") {
      // An image without an allowed address is no image at all (not even its alt text).
      if (!richTextUrl.test(value)) return null;
      copy.setAttribute("src", value);
    } else if (name === "IMG" && attribute === "alt") {
      copy.setAttribute("alt", source.getAttribute("alt") ?? "");
    } else if (name === "IMG" && (attribute === "width" || attribute === "height")) {
      if (dimension.test(value)) copy.setAttribute(attribute, value);
    }
  }
  return copy;
}

const rules: RebuildRules = {
  dropped: droppedWithText,
  // An image without an allowed address is left out, and has no text to keep.
  copy: (element, name, document) => (allowedTags.has(name) ? copyElement(element, document) : null),
};

/** The HTML as a safe fragment of `document`, ready to append (never assigned to innerHTML). */
export function safeHtmlFragment(html: string, document: Document = globalThis.document): DocumentFragment {
  const fragment = document.createDocumentFragment();
  if (html.trim() === "") return fragment;
  const parsed = parseInertHtml(html);
  rebuildHtml(parsed.body, fragment, document, rules);
  return fragment;
}

/** The same as markup (for React's `dangerouslySetInnerHTML`): serialised from the rebuilt fragment. */
export function safeHtml(html: string, document: Document = globalThis.document): string {
  const holder = document.createElement("div");
  holder.appendChild(safeHtmlFragment(html, document));
  return holder.innerHTML;
}

/**
 * Images a tour shows (the sender's photo, the co-pilot's avatar): web addresses, the host's own
 * paths, and inline pictures. An `<img>` never runs what it shows, so an inline SVG is safe here.
 */
export function isImageSource(url: string): boolean {
  return /^(?:https?:|\/(?!\/)|data:image\/(?:png|jpe?g|gif|webp|svg\+xml)[;,])/i.test(url.trim());
}
