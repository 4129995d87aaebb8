/**
 * Staff replies travel as HTML (messenger-api.ts: "HTML from staff and bots"); the composer is plain
 * text. Paragraphs at blank lines, `<br>` at single line breaks, everything escaped, so what the admin
 * typed is what the visitor reads, `<b>` included.
 */
export function replyHtml(text: string): string {
  const escapeHtml = (value: string) =>
    value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  return text
    .replace(/\r\n?/g, "\n")
    .trim()
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${paragraph.split("\n").map(escapeHtml).join("<br>")}</p>`)
    .join("");
}

const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", nbsp: " " };

/**
 * A message as one line of plain text for the list's preview: tags dropped (block ends become spaces),
 * the common entities decoded, whitespace collapsed. Never rendered as HTML.
 */
export function previewText(text: string, html: boolean): string {
  const plain = html
    ? text
        .replace(/<(br|\/p|\/div|\/li|\/h\d)\b[^>]*>/gi, " ")
        .replace(/<[^>]*>/g, "")
        .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => entities[name] ?? "")
    : text;
  return plain.replace(/\s+/g, " ").trim();
}
