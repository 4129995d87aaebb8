/**
 * A TipTap (ProseMirror) document as the admin's rich-text editor writes it and the server stores it
 * for bodies a visitor reads. The server renders it to HTML through
 * src/shared/tiptap-html.ts, which reads stored documents more loosely.
 */

export interface TipTapMark {
  type: string;
  attrs?: Record<string, unknown>;
}

export interface TipTapNode {
  type: string;
  text?: string;
  attrs?: Record<string, unknown>;
  marks?: TipTapMark[];
  content?: TipTapNode[];
}

export interface TipTapDoc {
  type: "doc";
  content?: TipTapNode[];
}

/** An empty document: one empty paragraph, what the editor holds before anything is typed. */
export const emptyTipTapDoc: TipTapDoc = { type: "doc", content: [{ type: "paragraph" }] };
