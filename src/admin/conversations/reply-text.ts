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
