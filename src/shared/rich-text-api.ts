import { define, nullable, optional, type Struct } from "superstruct";
import { boundedText } from "./payload-text.ts";
import type { TipTapDoc } from "./tiptap-doc.ts";
import { safeImageUrl, safeLinkUrl } from "./tiptap-html.ts";

/**
 * The bodies a visitor reads (news, banners, modals, notifications, checklist and tour steps), as
 * the admin writes them: a TipTap document from the rich-text editor, or, from older
 * content and API clients, an HTML text. Both the admin's forms and the server check documents with
 * this, so a document that would render as something else than was written is refused (400) rather
 * than silently cut when shown.
 */

/** Nodes the rendering (tiptap-html.ts) turns into allowed tags, and what each may hold. */
const nodeTypes = new Set([
  "paragraph",
  "heading",
  "text",
  "bulletList",
  "orderedList",
  "listItem",
  "blockquote",
  "codeBlock",
  "hardBreak",
  "horizontalRule",
  "image",
]);
const markTypes = new Set(["bold", "italic", "underline", "strike", "code", "link"]);

// An editor writes documents a few levels deep; these bounds keep a hostile one from costing the
// server its stack or its memory while it is checked and rendered.
const maxDepth = 32;
const maxNodes = 20_000;
/** The JSON text of a document, as bounded as an HTML body. */
export const maxRichTextLength = 200_000;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

interface Walk {
  nodes: number;
}

function markProblem(mark: unknown, at: string): string | null {
  if (!isRecord(mark) || typeof mark.type !== "string") return `${at} must be a mark with a type`;
  if (!markTypes.has(mark.type)) return `${at} has the unknown mark type "${mark.type}"`;
  if (mark.attrs !== undefined && !isRecord(mark.attrs)) return `${at}.attrs must be an object`;
  if (mark.type === "link") {
    const href = isRecord(mark.attrs) ? mark.attrs.href : undefined;
    if (typeof href !== "string" || safeLinkUrl(href) === null)
      return `${at} must link to a web, mail or relative address`;
  }
  return null;
}

function nodeProblem(node: unknown, at: string, depth: number, walk: Walk): string | null {
  walk.nodes += 1;
  if (walk.nodes > maxNodes) return `the document has more than ${maxNodes} nodes`;
  if (depth > maxDepth) return `${at} is nested more than ${maxDepth} levels deep`;
  if (!isRecord(node) || typeof node.type !== "string") return `${at} must be a node with a type`;
  if (!nodeTypes.has(node.type)) return `${at} has the unknown node type "${node.type}"`;
  if (node.attrs !== undefined && node.attrs !== null && !isRecord(node.attrs))
    return `${at}.attrs must be an object`;
  const attrs = isRecord(node.attrs) ? node.attrs : {};
  if (node.type === "text") {
    if (typeof node.text !== "string" || node.text === "") return `${at} must have a text`;
    if (node.content !== undefined) return `${at} is a text and cannot have content`;
  } else if (node.text !== undefined) {
    return `${at} is a ${node.type} and cannot have a text`;
  }
  if (node.type === "image") {
    if (typeof attrs.src !== "string" || safeImageUrl(attrs.src) === null)
      return `${at} must show an image from an http(s) address`;
  }
  if (node.type === "heading") {
    const level = attrs.level;
    if (typeof level !== "number" || !Number.isInteger(level) || level < 1 || level > 6)
      return `${at}.attrs.level must be a heading level from 1 to 6`;
  }
  if (node.marks !== undefined) {
    if (!Array.isArray(node.marks)) return `${at}.marks must be a list`;
    for (const [index, mark] of node.marks.entries()) {
      const problem = markProblem(mark, `${at}.marks[${index}]`);
      if (problem) return problem;
    }
  }
  return contentProblem(node.content, at, depth, walk);
}

function contentProblem(content: unknown, at: string, depth: number, walk: Walk): string | null {
  if (content === undefined) return null;
  if (!Array.isArray(content)) return `${at}.content must be a list`;
  for (const [index, child] of content.entries()) {
    const problem = nodeProblem(child, `${at}.content[${index}]`, depth + 1, walk);
    if (problem) return problem;
  }
  return null;
}

/** Why `value` is not a TipTap document the editor could have written, or null when it is one. */
export function tipTapDocProblem(value: unknown): string | null {
  if (!isRecord(value) || value.type !== "doc") return 'must be a TipTap document ({"type": "doc", …})';
  let length: number;
  try {
    length = JSON.stringify(value).length;
  } catch {
    return "must be a TipTap document that can be written as JSON";
  }
  if (length > maxRichTextLength) return `must be at most ${maxRichTextLength} characters as JSON`;
  return contentProblem(value.content, "doc", 0, { nodes: 0 });
}

export const TipTapDocument: Struct<TipTapDoc, null> = define<TipTapDoc>(
  "TipTapDocument",
  (value) => tipTapDocProblem(value) ?? true,
);

/** An HTML text (older content, API clients) or a TipTap document. */
export type RichBody = string | TipTapDoc;

/** A rich body: an HTML text up to `maxLength` characters, or a TipTap document. */
export const richBody = (maxLength = maxRichTextLength): Struct<RichBody, null> =>
  define<RichBody>("RichBody", (value) => {
    if (typeof value === "string") {
      if (value.length > maxLength) return `must be at most ${maxLength} characters`;
      return !value.includes("\u0000") || "must not contain NUL characters";
    }
    return tipTapDocProblem(value) ?? true;
  });

/**
 * The body fields of content written in the admin's editor (help articles, news posts): `body` is
 * HTML, sanitized when stored and again by every client that shows it, and ignored when `bodyDoc`, the
 * editor's document, is given; the server then stores the document and renders `body` from it.
 */
export const htmlBodyFields = {
  body: optional(boundedText(0, maxRichTextLength)),
  bodyDoc: optional(nullable(TipTapDocument)),
};
