import type { TipTapDoc, TipTapNode } from "../../shared/tiptap-doc.ts";
import { isTipTapDoc, tipTapToHtml } from "../../shared/tiptap-html.ts";
import { htmlToTipTapDoc } from "../rich-text/html-tiptap-doc.ts";

/**
 * A body a visitor reads (a news post's, a banner's or modal's, a notification's text) as the content
 * forms hold it: the rich-text editor's document, or null while there is none. A body stored as HTML
 * (before the editor, or written through the API) opens as the document it reads as, and is saved as a
 * document from then on.
 */
export type RichBody = TipTapDoc | null;

export function readRichBody(value: unknown): RichBody {
  if (isTipTapDoc(value)) return value as TipTapDoc;
  return typeof value === "string" && value.trim() !== "" ? htmlToTipTapDoc(value) : null;
}

function says(node: TipTapNode): boolean {
  if (node.type === "image" || node.type === "horizontalRule") return true;
  if (typeof node.text === "string" && node.text.trim() !== "") return true;
  return (node.content ?? []).some(says);
}

/** Whether the body shows nothing: no document, or one without text or image (the editor's empty one). */
export const richBodyIsEmpty = (body: RichBody): boolean => body === null || !(body.content ?? []).some(says);

/** What is stored: the document, or nothing for an empty body (so an emptied field stores no key). */
export const writtenRichBody = (body: RichBody): TipTapDoc | undefined =>
  body === null || richBodyIsEmpty(body) ? undefined : body;

/** The HTML the preview shows, rendered from the document as the server renders it for visitors. */
export const richBodyHtml = (body: RichBody): string => (body === null ? "" : tipTapToHtml(body));
