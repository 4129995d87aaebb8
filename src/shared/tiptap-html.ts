/**
 * TipTap (ProseMirror) JSON to HTML, for clients that render outbound text as HTML: the reference
 * client puts checklist and tour texts straight into `innerHTML`. Only known nodes and marks become
 * tags, every text and attribute is escaped, and links and images keep only safe URLs, so stored
 * content cannot inject script into a host page.
 */

/** One node of a TipTap document, as loosely as it may arrive from storage. */
export interface TipTapNode {
  type?: unknown;
  text?: unknown;
  attrs?: unknown;
  marks?: unknown;
  content?: unknown;
}

interface TipTapMark {
  type?: unknown;
  attrs?: unknown;
}

// Deeper documents are not written by an editor; past this they are cut rather than recursed into.
const maxDepth = 64;

const escapes: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => escapes[char] ?? char);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const attrsOf = (value: { attrs?: unknown }): Record<string, unknown> =>
  isRecord(value.attrs) ? value.attrs : {};

const stringAttr = (attrs: Record<string, unknown>, key: string): string | null => {
  const value = attrs[key];
  return typeof value === "string" ? value : null;
};

/** True for a TipTap document object (`{type: "doc", ...}`), the shape editors store. */
export function isTipTapDoc(value: unknown): value is TipTapNode {
  return isRecord(value) && value.type === "doc";
}

/**
 * Browsers drop ASCII whitespace and control characters inside URLs (`java\tscript:` runs), so the
 * scheme is judged on the URL with those removed, and that cleaned URL is what gets written.
 */
const cleanUrl = (url: string) =>
  Array.from(url)
    .filter((char) => {
      const code = char.charCodeAt(0);
      return code > 0x20 && code !== 0x7f;
    })
    .join("");

/** http(s), mailto and relative links; anything with another scheme (javascript:, data:) is refused. */
export function safeLinkUrl(url: string): string | null {
  const cleaned = cleanUrl(url);
  if (cleaned === "") return null;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(cleaned)?.[1]?.toLowerCase();
  if (scheme === undefined) return cleaned;
  return scheme === "http" || scheme === "https" || scheme === "mailto" ? cleaned : null;
}

/** Images load only from absolute http(s) addresses. */
export function safeImageUrl(url: string): string | null {
  const cleaned = cleanUrl(url);
  return /^https?:\/\//i.test(cleaned) ? cleaned : null;
}

const simpleMarks: Record<string, string> = {
  bold: "strong",
  italic: "em",
  underline: "u",
  strike: "s",
  code: "code",
};

function wrapInMarks(html: string, marks: unknown): string {
  if (!Array.isArray(marks)) return html;
  let result = html;
  for (const mark of marks as TipTapMark[]) {
    if (!isRecord(mark) || typeof mark.type !== "string") continue;
    const tag = simpleMarks[mark.type];
    if (tag) {
      result = `<${tag}>${result}</${tag}>`;
    } else if (mark.type === "link") {
      const attrs = attrsOf(mark);
      const href = safeLinkUrl(stringAttr(attrs, "href") ?? "");
      if (href === null) continue;
      const target = stringAttr(attrs, "target") === "_blank" ? ' target="_blank"' : "";
      result = `<a href="${escapeHtml(href)}"${target} rel="noopener noreferrer nofollow">${result}</a>`;
    }
  }
  return result;
}

function renderChildren(node: TipTapNode, depth: number): string {
  if (!Array.isArray(node.content) || depth >= maxDepth) return "";
  return node.content.map((child) => renderNode(child, depth + 1)).join("");
}

const blockTags: Record<string, string> = {
  paragraph: "p",
  bulletList: "ul",
  listItem: "li",
  blockquote: "blockquote",
};

function renderNode(value: unknown, depth: number): string {
  if (!isRecord(value)) return "";
  const node = value as TipTapNode;
  const type = typeof node.type === "string" ? node.type : "";
  const attrs = attrsOf(node);
  const children = () => renderChildren(node, depth);

  if (type === "text")
    return typeof node.text === "string" ? wrapInMarks(escapeHtml(node.text), node.marks) : "";
  const blockTag = blockTags[type];
  if (blockTag) return `<${blockTag}>${children()}</${blockTag}>`;
  switch (type) {
    case "heading": {
      const level = Math.min(6, Math.max(1, Math.trunc(Number(attrs.level) || 1)));
      return `<h${level}>${children()}</h${level}>`;
    }
    case "orderedList": {
      const start = Math.trunc(Number(attrs.start));
      const startAttr = Number.isFinite(start) && start !== 1 ? ` start="${start}"` : "";
      return `<ol${startAttr}>${children()}</ol>`;
    }
    case "codeBlock":
      return `<pre><code>${children()}</code></pre>`;
    case "hardBreak":
      return "<br>";
    case "horizontalRule":
      return "<hr>";
    case "image": {
      const src = safeImageUrl(stringAttr(attrs, "src") ?? "");
      if (src === null) return "";
      const alt = escapeHtml(stringAttr(attrs, "alt") ?? "");
      const title = stringAttr(attrs, "title");
      return `<img src="${escapeHtml(src)}" alt="${alt}"${title === null ? "" : ` title="${escapeHtml(title)}"`}>`;
    }
    default:
      // doc and anything this converter does not know: keep the text, drop the wrapper.
      return children();
  }
}

/** Converts a TipTap document (or any node) to an HTML string; what is not a node becomes "". */
export function tipTapToHtml(node: unknown): string {
  return renderNode(node, 0);
}

/**
 * Replaces every TipTap document found anywhere in `value` (bodies, descriptions, messages) by its
 * HTML, leaving everything else as it is. The server passes a `render` that also runs its allow-list
 * sanitizer over the result.
 */
export function convertTipTapDocs(
  value: unknown,
  render: (doc: TipTapNode) => string = tipTapToHtml,
  depth = 0,
): unknown {
  if (isTipTapDoc(value)) return render(value);
  if (depth >= maxDepth) return value;
  if (Array.isArray(value)) return value.map((item) => convertTipTapDocs(item, render, depth + 1));
  if (isRecord(value)) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, convertTipTapDocs(item, render, depth + 1)]),
    );
  }
  return value;
}
