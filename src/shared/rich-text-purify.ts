import type { DOMPurify, UponSanitizeAttributeHook } from "dompurify";
import { richTextAttributes, richTextTags, richTextUrl } from "./rich-text-allow-list.ts";

/**
 * The shared rich-text allow-list (rich-text-allow-list.ts) for the clients that sanitize with
 * DOMPurify: the messenger's frames and the admin. Kept apart from the list so the widget's rebuild,
 * which imports the list, never carries these options (DOMPurify itself is only a type here).
 */

/**
 * The list as DOMPurify options. DOMPurify tests every attribute it does not consider URL-free against
 * `ALLOWED_URI_REGEXP`, so plain numbers in `width` and `height` never pass: those clients size images
 * with their stylesheets (a stored width cannot overflow a chat bubble), and only the rebuild keeps
 * checked dimensions.
 */
export const richTextPurifyOptions = {
  ALLOWED_TAGS: [...richTextTags],
  ALLOWED_ATTR: [...richTextAttributes],
  ALLOW_DATA_ATTR: false,
  ALLOWED_URI_REGEXP: richTextUrl,
};

/** Whitespace and control characters, which browsers ignore in an address's scheme. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
const ignoredInAddress = /[\u0000-\u0020\u00a0\u1680\u180e\u2000-\u2029\u205f\u3000]/g;

const holdAddressesToPattern: UponSanitizeAttributeHook = (_node, event) => {
  if (event.attrName !== "src" && event.attrName !== "href") return;
  if (!richTextUrl.test(event.attrValue.replace(ignoredInAddress, ""))) event.keepAttr = false;
};

/**
 * DOMPurify lets any `data:` address into an `img` whatever `ALLOWED_URI_REGEXP` says (an HTML document
 * or an SVG as an image source); this hook holds images to the pattern too. Each DOMPurify client adds
 * it to the instance it uses; adding it again replaces it.
 */
export function holdRichTextAddresses(purify: DOMPurify) {
  purify.removeHook("uponSanitizeAttribute", holdAddressesToPattern);
  purify.addHook("uponSanitizeAttribute", holdAddressesToPattern);
}
