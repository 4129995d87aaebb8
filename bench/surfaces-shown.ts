/**
 * Which of the "all surfaces live" content each SDK has on the page when bench/host-impact.ts measures
 * it: a comparison of main-thread work means something only when both drew the same things, and the
 * reference's banner and modal frames come from our server, whose framing header once refused them
 * (the reference then did less work than it should, and looked cheaper).
 *
 * Runs in the page (`page.evaluate`), so it carries everything it needs. Each surface is found by the
 * elements either SDK draws for it (ours inside open shadow roots), shown when one of them has a box
 * of some size: the tooltip's hotspot and the checklist sit below the fold, so being in the viewport
 * is not asked.
 */
export type Surface = "banner" | "notification" | "tour" | "tooltip" | "checklist";

export const surfaceNames: readonly Surface[] = ["banner", "notification", "tour", "tooltip", "checklist"];

export function surfacesShown(): Record<Surface, boolean> {
  const selectors: Record<Surface, string> = {
    // Ours makes its element visible once its frame set its content; the reference adds a class then.
    banner: "#gleap-banner[style*='visibility: visible'], .gleap-b-shown",
    notification: "[data-kind], .gleap-notification-item",
    tour: ".gtr-popover.gtr-shown, .gleap-tour-popover",
    tooltip: "[data-tooltip], .gleap-tooltip-hotspot, .gleap-tooltip-anchor",
    checklist: "gleap-checklist",
  };
  const roots: (Document | ShadowRoot)[] = [document];
  for (let i = 0; i < roots.length; i++) {
    for (const element of (roots[i] as Document | ShadowRoot).querySelectorAll("*"))
      if (element.shadowRoot) roots.push(element.shadowRoot);
  }
  const drawn = (element: Element) => {
    const box = element.getBoundingClientRect();
    return box.width > 4 && box.height > 4;
  };
  const shown = {} as Record<Surface, boolean>;
  for (const [surface, selector] of Object.entries(selectors) as [Surface, string][])
    shown[surface] = roots.some((root) => [...root.querySelectorAll(selector)].some(drawn));
  return shown;
}
