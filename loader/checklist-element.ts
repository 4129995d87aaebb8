import type { HostCommandName } from "../src/shared/widget-chunk-contract.ts";

/**
 * `<gleap-checklist>` (spec §5): the element is defined here, its content comes with the checklist
 * chunk, which hears of each element as it connects, changes and leaves.
 */
export function defineChecklistElement(
  window: Window & typeof globalThis,
  forward: (command: HostCommandName, element: HTMLElement) => void,
): void {
  const registry = window.customElements;
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
          forward("checklistConnected", this);
        }
        attributeChangedCallback() {
          if (this.isConnected) forward("checklistConnected", this);
        }
        disconnectedCallback() {
          forward("checklistDisconnected", this);
        }
      },
    );
}
