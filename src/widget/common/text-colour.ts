/** The text colour on a button of a light colour (spec §9: dark from brightness 160). */
export const darkText = "#161a2e";
export const lightText = "#ffffff";

/**
 * The perceived brightness of a colour, 0.299R + 0.587G + 0.114B on 0..255, or null when the value is
 * not a colour this can read (`#rgb`, `#rrggbb`, `#rrggbbaa`, with or without `#`, or `rgb()`/`rgba()`).
 */
export function brightness(color: string): number | null {
  const value = String(color).trim();
  let channels: number[] | undefined;
  const hex = /^#?([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(value)?.[1];
  if (hex) {
    const full = hex.length === 3 ? hex.replace(/./g, "$&$&") : hex;
    channels = [0, 2, 4].map((at) => Number.parseInt(full.slice(at, at + 2), 16));
  } else {
    const rgb = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)/i.exec(value);
    if (rgb) channels = rgb.slice(1, 4).map(Number);
  }
  if (!channels) return null;
  const [red = 0, green = 0, blue = 0] = channels;
  return 0.299 * red + 0.587 * green + 0.114 * blue;
}

/** Dark text on a button whose brightness is 160 or more, else white (also for unreadable colours). */
export function textColorFor(background: string): string {
  return (brightness(background) ?? 0) >= 160 ? darkText : lightText;
}
