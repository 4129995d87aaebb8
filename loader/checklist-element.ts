import type { HostCommandName } from "../src/shared/widget-chunk-contract.ts";
import { whenIdle, whenNearViewport } from "./idle-schedule.ts";

/**
 * `<gleap-checklist>` (spec §5): the element is defined here, its content comes with the checklist
 * chunk, which hears of each element as it connects, changes and leaves. The chunk (and React with
 * it) can wait: an inline checklist is announced when the visitor scrolls near it, a floating one (a
 * launcher wherever the element is) at the page's next idle moment.
 */
export function defineChecklistElement(
  window: Window & typeof globalThis,
  forward: (command: HostCommandName, element: HTMLElement) => void,
): void {
  const registry = window.customElements;
  // Elements announced to the chunk, and the cancels of those still waiting for their moment.
  const announced = new WeakSet<HTMLElement>();
  const waiting = new WeakMap<HTMLElement, () => void>();
  if (registry?.get("gleap-checklist"))
    // Initialized again after destroy: the elements already on the page are drawn again.
    for (const element of window.document.querySelectorAll<HTMLElement>("gleap-checklist"))
      forward("checklistConnected", element);
  else
    registry?.define(
      "gleap-checklist",
      class extends window.HTMLElement {
        static observedAttributes = ["checklistid", "sharedkey", "info", "progressbar", "floating", "dark"];
        connectedCallback() {
          const announce = () => {
            waiting.delete(this);
            announced.add(this);
            forward("checklistConnected", this);
          };
          waiting.get(this)?.();
          const floating = this.hasAttribute("floating") && this.getAttribute("floating") !== "false";
          waiting.set(this, floating ? whenIdle(window, announce) : whenNearViewport(window, this, announce));
        }
        attributeChangedCallback() {
          if (this.isConnected && announced.has(this)) forward("checklistConnected", this);
        }
        disconnectedCallback() {
          waiting.get(this)?.();
          waiting.delete(this);
          if (announced.delete(this)) forward("checklistDisconnected", this);
        }
      },
    );
}
