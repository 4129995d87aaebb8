import { privateRegionSelector } from "../src/shared/privacy/private-elements.ts";
import type { ConsoleEntry } from "./console-capture.ts";
import type { LogBuffer } from "./log-buffer.ts";

const rootId = "gleap-widget-root";
const rootSelector = `#${rootId}`;

/** Spec §9: click text is cut to this many characters. */
export const maxClickText = 40;

/**
 * `tag#id.class1.class2 text`, with the element's whitespace-collapsed text cut to 40 characters. No
 * text when the element is in or holds a private region (`gl-mask`, `gl-ignore`, `gl-block`, see
 * private-elements.ts): a click on a masked card must not log what the card shows. The document's
 * listener sees a click in a shadow root on its host, whose text has none of the shadow root's.
 */
export function describeElement(element: Element): string {
  const id = element.id ? `#${element.id}` : "";
  const classes = (element.getAttribute("class") ?? "")
    .split(/\s+/)
    .filter(Boolean)
    .map((name) => `.${name}`)
    .join("");
  // textContent, not innerText: innerText forces a layout on every click in the host page.
  const hidden = element.closest(privateRegionSelector) || element.querySelector(privateRegionSelector);
  const text = hidden ? "" : (element.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, maxClickText);
  return `${element.tagName.toLowerCase()}${id}${classes}${text ? ` ${text}` : ""}`;
}

/**
 * Logs clicks on the host page as CLICK entries. Capturing phase, so a host handler that stops
 * propagation does not hide the click; clicks on the SDK's own root and clicks while the widget is
 * open are not the host's and are skipped.
 */
export function captureClicks(
  doc: Document,
  buffer: LogBuffer<ConsoleEntry>,
  isWidgetOpen: () => boolean,
  now: () => Date = () => new Date(),
): () => void {
  const listener = (event: Event) => {
    try {
      if (isWidgetOpen()) return;
      const target = event.target as Node | null;
      // A click dispatched on a text node is described by its element.
      const element = (target && target.nodeType !== 1 ? target.parentElement : target) as Element | null;
      // Browsers retarget clicks inside the widget's shadow root to the root element; the composed
      // path also covers DOM implementations that do not.
      const path = event.composedPath?.() ?? [];
      if (!element || element.closest(rootSelector) || path.some((node) => (node as Element).id === rootId)) {
        return;
      }
      buffer.push({ log: describeElement(element), date: now().toISOString(), priority: "CLICK" });
    } catch {
      // A click must reach the host page's handlers whatever happens here.
    }
  };
  doc.addEventListener("click", listener, true);
  return () => doc.removeEventListener("click", listener, true);
}
