/**
 * Whether a rich text says nothing once its markup is gone (missing, empty, or tags around whitespace
 * only, like an empty `<p></p>`). An image says something on its own.
 */
export function isBlankHtml(html: unknown): boolean {
  if (typeof html !== "string") return true;
  if (/<img\b/i.test(html)) return false;
  return (
    html
      .replace(/<[^>]*>/g, "")
      .replace(/&nbsp;/g, " ")
      .trim() === ""
  );
}
