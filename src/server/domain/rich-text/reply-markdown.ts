import type { ReplyFormat } from "../../../shared/conversations-api.ts";
import { sanitizeHtml } from "./html-sanitizer.ts";

/**
 * The formatting a staff reply may carry: what people type in a chat box anyway, turned
 * into the HTML the messenger shows.
 *
 *   **bold** (or __bold__), *italic* (or _italic_), `code`
 *   [label](https://…) and bare http(s) addresses as links, mailto: too
 *   lines starting "- " or "* " as a bulleted list, "1. " or "1) " as a numbered one
 *   a blank line between paragraphs, a single line break kept as one
 *
 * Everything else is text: the whole input is escaped first and only these shapes are written as
 * tags, so typed HTML shows as typed. The result still goes through the allow-list sanitizer, the
 * one door every stored rich text passes.
 */

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Emphasis inside escaped text; the markers need text right inside them, as in CommonMark. */
function emphasis(escaped: string): string {
  return escaped
    .replace(/`([^`\n]+)`/g, "<code>$1</code>")
    .replace(/\*\*(?=\S)([^*\n]*?\S)\*\*/g, "<strong>$1</strong>")
    .replace(/(^|[^\w])__(?=\S)([^_\n]*?\S)__(?![\w])/g, "$1<strong>$2</strong>")
    .replace(/(^|[^*\w])\*([^\s*](?:[^*\n]*?[^\s*])?)\*(?![*\w])/g, "$1<em>$2</em>")
    .replace(/(^|[^\w])_([^\s_](?:[^_\n]*?[^\s_])?)_(?!\w)/g, "$1<em>$2</em>");
}

/**
 * A link written `[label](address)`, or a bare address. A bare one ends before trailing punctuation
 * (the full stop after it belongs to the sentence).
 */
const linkPattern =
  /\[([^\]\n]{1,500})\]\(\s*((?:https?:\/\/|mailto:)[^\s()]{1,2048})\s*\)|((?:https?:\/\/)[^\s<>"]*[^\s<>".,:;!?')\]])/g;

function inline(text: string): string {
  let out = "";
  let at = 0;
  for (const match of text.matchAll(linkPattern)) {
    const index = match.index ?? 0;
    out += emphasis(escapeHtml(text.slice(at, index)));
    const [whole, label, target, bare] = match;
    const href = target ?? bare ?? "";
    const shown = label !== undefined ? emphasis(escapeHtml(label)) : escapeHtml(href);
    out += `<a href="${escapeHtml(href)}">${shown}</a>`;
    at = index + whole.length;
  }
  return out + emphasis(escapeHtml(text.slice(at)));
}

type Line = { kind: "ul" | "ol"; text: string } | { kind: "text"; text: string };

function classify(line: string): Line {
  const bullet = /^\s{0,3}[-*]\s+(.*)$/.exec(line);
  if (bullet) return { kind: "ul", text: bullet[1] ?? "" };
  const numbered = /^\s{0,3}\d{1,9}[.)]\s+(.*)$/.exec(line);
  if (numbered) return { kind: "ol", text: numbered[1] ?? "" };
  return { kind: "text", text: line };
}

/** One block (no blank line inside): runs of list lines as lists, other runs as paragraphs. */
function block(lines: string[]): string {
  let out = "";
  let run: Line[] = [];
  const flush = () => {
    const first = run[0];
    if (!first) return;
    if (first.kind === "text") out += `<p>${run.map((line) => inline(line.text.trim())).join("<br>")}</p>`;
    else
      out += `<${first.kind}>${run.map((line) => `<li>${inline(line.text.trim())}</li>`).join("")}</${first.kind}>`;
    run = [];
  };
  for (const raw of lines) {
    const line = classify(raw);
    if (run[0] && run[0].kind !== line.kind) flush();
    run.push(line);
  }
  flush();
  return out;
}

/** The HTML of a reply written in the markdown subset above, already through the allow-list. */
export function replyMarkdownToHtml(markdown: string): string {
  const blocks = markdown
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n/)
    .map((text) => text.split("\n").filter((line) => line.trim() !== ""))
    .filter((lines) => lines.length > 0);
  return sanitizeHtml(blocks.map(block).join(""));
}

/** A staff reply's text as stored: markdown turned into HTML, HTML cleaned, either way allow-listed. */
export function staffReplyHtml(text: string, format: ReplyFormat = "html"): string {
  return (format === "markdown" ? replyMarkdownToHtml(text) : sanitizeHtml(text)).trim();
}
