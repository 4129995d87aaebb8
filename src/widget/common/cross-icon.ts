const svgNs = "http://www.w3.org/2000/svg";

/**
 * A cross for a close button, drawn: no character for screen readers (the button has a label).
 * Without a `size` the surface's stylesheet sizes it.
 */
export function crossIcon(strokeWidth: string, size?: string): SVGSVGElement {
  const svg = document.createElementNS(svgNs, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  if (size) {
    svg.setAttribute("width", size);
    svg.setAttribute("height", size);
  }
  svg.setAttribute("aria-hidden", "true");
  const path = document.createElementNS(svgNs, "path");
  path.setAttribute("d", "M6 6l12 12M18 6 6 18");
  path.setAttribute("fill", "none");
  path.setAttribute("stroke", "currentColor");
  path.setAttribute("stroke-width", strokeWidth);
  path.setAttribute("stroke-linecap", "round");
  svg.append(path);
  return svg;
}
