import type { Shape } from "./editor-state.ts";

/**
 * The drawings as standalone SVG markup, in viewport coordinates: what the snapshot lays over the
 * page and what is painted over the capture's picture. The editor renders the same attributes.
 */

const escapeAttribute = (value: string) => value.replace(/[&"<>]/g, (char) => `&#${char.charCodeAt(0)};`);

export function shapeAttributes(shape: Shape): Record<string, string> {
  const common = {
    fill: "none",
    stroke: shape.color,
    "stroke-width": String(shape.width),
    "stroke-linecap": "round",
    "stroke-linejoin": "round",
  };
  if (shape.kind === "rect")
    return {
      ...common,
      x: String(shape.x),
      y: String(shape.y),
      width: String(shape.w),
      height: String(shape.h),
    };
  return { ...common, d: shape.stroke.d };
}

/**
 * The drawing layer as SVG markup. Presentation attributes rather than a `style` attribute: the markup
 * is parsed into the page snapshot on the host page, whose CSP may refuse inline styles.
 */
export function drawingMarkup(shapes: readonly Shape[], width: number, height: number): string {
  const body = shapes
    .map((shape) => {
      const attributes = Object.entries(shapeAttributes(shape))
        .map(([name, value]) => `${name}="${escapeAttribute(value)}"`)
        .join(" ");
      return `<${shape.kind === "rect" ? "rect" : "path"} ${attributes}/>`;
    })
    .join("");
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${Math.round(width)}" height="${Math.round(height)}" ` +
    `viewBox="0 0 ${Math.round(width)} ${Math.round(height)}" display="block" overflow="visible">${body}</svg>`
  );
}
