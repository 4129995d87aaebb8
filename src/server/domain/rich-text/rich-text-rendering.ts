import {
  convertTipTapDocs,
  isTipTapDoc,
  type TipTapNode,
  tipTapToHtml,
} from "../../../shared/tiptap-html.ts";
import { sanitizeHtml } from "./html-sanitizer.ts";

/**
 * A rich body as visitors get it: a TipTap document rendered to HTML, or a stored HTML
 * text, in either case through the server's allow-list. The rendering already writes only known tags
 * with escaped text; the sanitizer on top keeps what is served inside the same list as every HTML
 * body the server stores (h1 becomes h2, no `target`), whatever a document holds.
 */
export function richBodyHtml(body: unknown): string {
  if (isTipTapDoc(body)) return sanitizeHtml(tipTapToHtml(body));
  return typeof body === "string" ? sanitizeHtml(body) : "";
}

const renderDoc = (doc: TipTapNode) => sanitizeHtml(tipTapToHtml(doc));

/** Every TipTap document anywhere in `value` as sanitized HTML; everything else as it is. */
export const renderTipTapDocs = (value: unknown): unknown => convertTipTapDocs(value, renderDoc);
