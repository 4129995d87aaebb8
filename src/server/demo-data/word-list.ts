/**
 * A list written as comma-separated text, so long word lists stay a few lines instead of one line per
 * entry after formatting.
 */
export function words(text: string): string[] {
  return text
    .split(",")
    .map((word) => word.replace(/\s+/g, " ").trim())
    .filter((word) => word !== "");
}
