import { generateJSON } from "@tiptap/core";
import type { TipTapDoc } from "../../shared/tiptap-doc.ts";
import { editorExtensions } from "./tiptap-editor.tsx";

/**
 * Stored HTML (a help article or a bot message written before the editor, such as the demo's) as a
 * document the editor opens, read with the editor's own extensions so nothing it cannot show survives.
 * Loaded lazily with the editor's chunk; the browser's DOM parses the HTML, which is never attached.
 */
export function htmlToDoc(html: string): TipTapDoc {
  return generateJSON(html, editorExtensions) as TipTapDoc;
}
