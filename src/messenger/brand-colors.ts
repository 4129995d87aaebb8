/** The reference's default brand colour (spec §3 Config). */
export const defaultBrandColor = "#485BFF";

/** A config colour as a `#rgb` / `#rrggbb` hex value, or the fallback (config values are untrusted text). */
export function brandColor(value: unknown, fallback = defaultBrandColor): string {
  if (typeof value !== "string") return fallback;
  const trimmed = value.trim();
  return /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(trimmed) ? trimmed : fallback;
}

/** Spec §9: text on a colour is dark when the colour's brightness is 160 or more, else white. */
export function textOn(hex: string): string {
  const full =
    hex.length === 4
      ? hex
          .slice(1)
          .split("")
          .map((c) => c + c)
          .join("")
      : hex.slice(1, 7);
  const [r, g, b] = [0, 2, 4].map((at) => Number.parseInt(full.slice(at, at + 2), 16));
  const brightness = ((r ?? 0) * 299 + (g ?? 0) * 587 + (b ?? 0) * 114) / 1000;
  return brightness >= 160 ? "#161a2e" : "#ffffff";
}
