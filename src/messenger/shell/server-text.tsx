/**
 * Words the server sends (a preview, a description, a lead) in an element of their own, marked
 * `dir="auto"` so they read right in either direction; nothing at all when there are none, so an
 * empty description leaves no empty paragraph behind.
 */
export function ServerText({
  as: Element = "span",
  className,
  text,
}: {
  as?: "span" | "p";
  className: string;
  text: string | null | undefined;
}) {
  if (!text) return null;
  return (
    <Element className={className} dir="auto">
      {text}
    </Element>
  );
}
