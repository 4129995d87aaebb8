import { scriptsAndEmbeds } from "../../shared/script-and-embed-tags.ts";
import type { TipTapDoc, TipTapMark, TipTapNode } from "../../shared/tiptap-doc.ts";
import { safeImageUrl, safeLinkUrl } from "../../shared/tiptap-html.ts";

/**
 * A body stored as HTML before the rich-text editor (or sent as HTML through the API) as a TipTap
 * document the editor can open, so older news, banners, modals and notifications stay editable. Only
 * what the editor offers survives as structure (paragraphs, headings two and three, lists, quotes,
 * code, rules, images, bold, italic, code and links); anything else keeps its text. The HTML is parsed
 * in an inert document (DOMParser: no script runs, no image loads) and never put into the page.
 */

type Marks = TipTapMark[];

/** Elements dropped with everything in them. */
const droppedTags = new Set([...scriptsAndEmbeds, "HEAD"]);
const blockTags = new Set([
  "P",
  "DIV",
  "H1",
  "H2",
  "H3",
  "H4",
  "H5",
  "H6",
  "UL",
  "OL",
  "LI",
  "BLOCKQUOTE",
  "PRE",
  "HR",
  "IMG",
  "TABLE",
  "THEAD",
  "TBODY",
  "TR",
  "TD",
  "TH",
  "SECTION",
  "ARTICLE",
  "HEADER",
  "FOOTER",
]);
const simpleMarks: Record<string, string> = {
  STRONG: "bold",
  B: "bold",
  EM: "italic",
  I: "italic",
  CODE: "code",
};
const maxDepth = 32;

/** Collects a block's inline content and hands finished blocks (a paragraph, an image) to `out`. */
class InlineRun {
  private inline: TipTapNode[] = [];
  constructor(private readonly out: TipTapNode[]) {}

  text(text: string, marks: Marks) {
    const last = this.inline.at(-1);
    const collapsed = text.replace(/\s+/g, " ");
    // Whitespace at the start of a line is not shown, nor a second space after one; elsewhere one is.
    const afterSpace = last === undefined || last.type === "hardBreak" || last.text?.endsWith(" ") === true;
    const shown = afterSpace ? collapsed.trimStart() : collapsed;
    if (shown === "") return;
    if (last?.type === "text" && JSON.stringify(last.marks ?? []) === JSON.stringify(marks)) {
      last.text = `${last.text ?? ""}${shown}`;
      return;
    }
    this.inline.push(marks.length > 0 ? { type: "text", text: shown, marks } : { type: "text", text: shown });
  }

  hardBreak() {
    this.inline.push({ type: "hardBreak" });
  }

  /** Ends the paragraph in progress. */
  flush() {
    const last = this.inline.at(-1);
    if (last?.type === "text" && typeof last.text === "string") {
      last.text = last.text.trimEnd();
      if (last.text === "") this.inline.pop();
    }
    if (this.inline.length > 0) this.out.push({ type: "paragraph", content: this.inline });
    this.inline = [];
  }
}

function imageNode(element: Element): TipTapNode | null {
  const src = safeImageUrl(element.getAttribute("src") ?? "");
  if (src === null) return null;
  const attrs: Record<string, unknown> = { src, alt: element.getAttribute("alt") ?? "" };
  const title = element.getAttribute("title");
  if (title) attrs.title = title;
  return { type: "image", attrs };
}

function markOf(element: Element): TipTapMark | null {
  const simple = simpleMarks[element.tagName];
  if (simple) return { type: simple };
  if (element.tagName !== "A") return null;
  const href = safeLinkUrl(element.getAttribute("href") ?? "");
  return href === null ? null : { type: "link", attrs: { href } };
}

/** The children of `parent` as blocks, pushed to `out`; loose inline content becomes paragraphs. */
function readBlocks(parent: Node, out: TipTapNode[], depth: number) {
  const run = new InlineRun(out);
  const readInline = (node: Node, marks: Marks, level: number) => {
    if (level > maxDepth) return;
    if (node.nodeType === Node.TEXT_NODE) {
      run.text(node.nodeValue ?? "", marks);
      return;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) return;
    const element = node as Element;
    if (droppedTags.has(element.tagName)) return;
    if (element.tagName === "BR") {
      run.hardBreak();
      return;
    }
    if (blockTags.has(element.tagName)) {
      // A block inside inline content (an image in a paragraph) ends the paragraph and stands alone.
      run.flush();
      readBlock(element, out, level);
      return;
    }
    const mark = markOf(element);
    const inner = mark && !marks.some((known) => known.type === mark.type) ? [...marks, mark] : marks;
    for (const child of element.childNodes) readInline(child, inner, level + 1);
  };

  const readBlock = (element: Element, target: TipTapNode[], level: number) => {
    const tag = element.tagName;
    if (level > maxDepth) return;
    if (tag === "HR") {
      target.push({ type: "horizontalRule" });
    } else if (tag === "IMG") {
      const image = imageNode(element);
      if (image) target.push(image);
    } else if (/^H[1-6]$/.test(tag)) {
      // The editor offers two heading levels: the first two become the heading, the rest the subheading.
      const attrs = { level: tag === "H1" || tag === "H2" ? 2 : 3 };
      const blocks: TipTapNode[] = [];
      readBlocks(element, blocks, level + 1);
      for (const block of blocks)
        target.push(block.type === "paragraph" ? { ...block, type: "heading", attrs } : block);
    } else if (tag === "UL" || tag === "OL") {
      const items: TipTapNode[] = [];
      for (const item of element.children) {
        if (item.tagName !== "LI") continue;
        const content: TipTapNode[] = [];
        readBlocks(item, content, level + 1);
        items.push({ type: "listItem", content: withParagraph(content) });
      }
      if (items.length === 0) return;
      const start = Number.parseInt(element.getAttribute("start") ?? "", 10);
      target.push(
        tag === "OL"
          ? { type: "orderedList", attrs: { start: Number.isFinite(start) ? start : 1 }, content: items }
          : { type: "bulletList", content: items },
      );
    } else if (tag === "BLOCKQUOTE") {
      const content: TipTapNode[] = [];
      readBlocks(element, content, level + 1);
      if (content.length > 0) target.push({ type: "blockquote", content });
    } else if (tag === "PRE") {
      const text = element.textContent ?? "";
      target.push(text ? { type: "codeBlock", content: [{ type: "text", text }] } : { type: "codeBlock" });
    } else {
      // Paragraphs, and containers whose own structure the editor does not offer (div, tables).
      readBlocks(element, target, level + 1);
    }
  };

  if (depth > maxDepth) return;
  for (const child of parent.childNodes) {
    if (child.nodeType === Node.ELEMENT_NODE && blockTags.has((child as Element).tagName)) {
      run.flush();
      readBlock(child as Element, out, depth);
    } else {
      readInline(child, [], depth);
    }
  }
  run.flush();
}

/** A list item holds blocks, the first a paragraph (ProseMirror's rule for TipTap's list items). */
const withParagraph = (content: TipTapNode[]): TipTapNode[] =>
  content[0]?.type === "paragraph" ? content : [{ type: "paragraph" }, ...content];

export function htmlToTipTapDoc(html: string): TipTapDoc {
  const parsed = new DOMParser().parseFromString(html, "text/html");
  const content: TipTapNode[] = [];
  readBlocks(parsed.body, content, 0);
  return { type: "doc", content: content.length > 0 ? content : [{ type: "paragraph" }] };
}
