import type { WidgetChunkContext } from "../../shared/widget-chunk-contract.ts";
import { launcherStyles } from "./launcher-styles.ts";

const svgNs = "http://www.w3.org/2000/svg";

const chatIcon = {
  size: 26,
  fill: "currentColor",
  d: "M12 3C6.5 3 2 6.9 2 11.6c0 2.3 1.1 4.4 2.9 6L4 21.5a.5.5 0 0 0 .7.6l4.4-2.1c.9.2 1.9.3 2.9.3 5.5 0 10-3.9 10-8.7S17.5 3 12 3Z",
};
const closeIcon = { size: 22, stroke: "currentColor", d: "M6 6l12 12M18 6 6 18" };

function icon(spec: { size: number; d: string; fill?: string; stroke?: string }): SVGSVGElement {
  const svg = document.createElementNS(svgNs, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("width", String(spec.size));
  svg.setAttribute("height", String(spec.size));
  svg.setAttribute("aria-hidden", "true");
  const path = document.createElementNS(svgNs, "path");
  path.setAttribute("d", spec.d);
  if (spec.fill) path.setAttribute("fill", spec.fill);
  if (spec.stroke) {
    path.setAttribute("stroke", spec.stroke);
    path.setAttribute("stroke-width", "2.4");
    path.setAttribute("stroke-linecap", "round");
  }
  svg.append(path);
  return svg;
}

/**
 * Lazy chunk entry: draws the round feedback button into the SDK's shadow root and returns its
 * unmount. The button is plain DOM on purpose: it is on every page view, and evaluating React DOM for
 * it was one 45–90 ms task on a throttled phone (bench/host-impact.ts), the only long task the SDK
 * added. The screens behind the button are React chunks, loaded when they are opened.
 */
export function mount({ root, flowConfig, events, nonce }: WidgetChunkContext): () => void {
  const style = document.createElement("style");
  // A host with a nonce-only style-src blocks a <style> without it.
  if (nonce) style.nonce = nonce;
  style.textContent = launcherStyles;
  const container = document.createElement("div");
  root.append(style, container);
  if (flowConfig.feedbackButtonPosition === "BUTTON_NONE") {
    return () => {
      style.remove();
      container.remove();
    };
  }

  const button = document.createElement("button");
  button.type = "button";
  button.className = "launcher";
  button.dataset.testid = "gleap-launcher";
  button.style.background = flowConfig.buttonColor;
  button.style.bottom = `${flowConfig.buttonY}px`;
  button.style[flowConfig.feedbackButtonPosition === "BOTTOM_LEFT" ? "left" : "right"] =
    `${flowConfig.buttonX}px`;

  let open = false;
  const render = () => {
    button.setAttribute("aria-expanded", String(open));
    button.setAttribute("aria-label", open ? "Close feedback" : "Open feedback");
    button.replaceChildren(icon(open ? closeIcon : chatIcon));
  };
  const toggle = () => {
    open = !open;
    render();
    events.emit(open ? "open" : "close");
  };
  render();
  button.addEventListener("click", toggle);
  container.append(button);

  return () => {
    button.removeEventListener("click", toggle);
    style.remove();
    container.remove();
  };
}
