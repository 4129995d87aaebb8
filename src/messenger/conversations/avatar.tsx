import { useState } from "react";

/**
 * Initials of a name: a person's two ("Maya Chen" → "MC"), else the first letter ("Lena from Acme" →
 * "L", "maya" → "M"); letters of any script.
 */
export function initialsOf(name: string | null | undefined): string {
  const words = (name ?? "").trim().split(/\s+/).filter(Boolean);
  const letters = (words.length === 2 ? words : words.slice(0, 1)).map((word) => [...word][0] ?? "");
  return letters.join("").toUpperCase();
}

/** One of six calm hues, the same for the same name every time. */
function hueOf(name: string): number {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) | 0;
  return Math.abs(hash) % 6;
}

/**
 * A person's or a bot's picture: the image when there is one (and it loads), else their initials on
 * a colour of their own. Decorative: the name is always said next to it.
 */
export function Avatar({
  name,
  url,
  size = 32,
  className,
}: {
  name: string | null | undefined;
  url?: string | null;
  size?: number;
  className?: string;
}) {
  const [broken, setBroken] = useState(false);
  const classes = ["avatar", className].filter(Boolean).join(" ");
  const style = { width: size, height: size, fontSize: Math.round(size * 0.4) };
  if (url && !broken)
    return (
      <img
        className={classes}
        src={url}
        alt=""
        width={size}
        height={size}
        style={style}
        loading="lazy"
        onError={() => setBroken(true)}
      />
    );
  const initials = initialsOf(name);
  return (
    <span
      className={`${classes} avatar--initials avatar--hue-${hueOf(name ?? "")}`}
      style={style}
      aria-hidden="true"
    >
      {initials || "·"}
    </span>
  );
}
