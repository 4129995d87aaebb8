/**
 * A search result's snippet (src/shared/search-api.ts) as text parts, each marked or not. The server
 * sends escaped HTML whose only markup is `<mark>`; it is read here into plain strings, never put into
 * the page as HTML, so a snippet that broke that promise would still show as text.
 */

export interface SnippetPart {
  text: string;
  marked: boolean;
}

const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

/** The characters an escaped text stands for (numeric and the few named entities the server may write). */
export function unescapeHtml(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,6});/gi, (whole, body: string) => {
    if (body.startsWith("#")) {
      const code =
        body[1] === "x" || body[1] === "X" ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1));
      return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff)
        ? String.fromCodePoint(code)
        : whole;
    }
    return named[body.toLowerCase()] ?? whole;
  });
}

/** The snippet's parts in order: text between `<mark>` and `</mark>` is marked. */
export function snippetParts(snippet: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let marked = false;
  for (const piece of snippet.split(/(<mark>|<\/mark>)/)) {
    if (piece === "<mark>") marked = true;
    else if (piece === "</mark>") marked = false;
    else if (piece !== "") parts.push({ text: unescapeHtml(piece), marked });
  }
  return parts;
}
