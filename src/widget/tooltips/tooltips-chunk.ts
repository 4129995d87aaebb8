import type { SurfaceCommand, WidgetChunkContext } from "../../shared/widget-chunk-contract.ts";
import { readTooltips } from "./tooltip-config.ts";
import { createTooltipManager, type TooltipManager } from "./tooltip-manager.ts";
import { tooltipStyles } from "./tooltip-styles.ts";

/**
 * Lazy chunk entry of the tooltips (spec §2 "Tooltips"). The loader fetches the project's tooltips
 * (`GET /config/{key}/tooltips`) and loads this chunk only once one of them is meant for the current
 * address; `showTooltips` hands over the whole list, again after a new visitor id reloaded it. From then
 * on the chunk follows the page itself: new elements, address changes of a single-page app, scrolling
 * and resizing. Plain DOM: a hotspot and a bubble need no framework.
 */

let context: WidgetChunkContext | null = null;
let manager: TooltipManager | null = null;

export function mount(chunkContext: WidgetChunkContext): () => void {
  context = chunkContext;
  const { root, nonce, host, events } = chunkContext;
  const style = document.createElement("style");
  // A host with a nonce-only style-src blocks a <style> without it.
  if (nonce) style.nonce = nonce;
  style.textContent = tooltipStyles;
  const layer = document.createElement("div");
  layer.className = "gt-layer";
  layer.dataset.gleapSurface = "tooltips";
  root.append(style, layer);
  const current = createTooltipManager({ layer, window, brandColor: () => host.flowConfig().color });
  manager = current;
  // Hotspots without a colour of their own wear the brand colour, also after `setStyles`.
  const offConfig = events.on("config-changed", () => current.refresh());
  return () => {
    offConfig();
    current.destroy();
    style.remove();
    layer.remove();
    if (manager === current) manager = null;
    context = null;
  };
}

export function run(command: SurfaceCommand<"tooltips">, args: unknown[]): void {
  if (command !== "showTooltips" || !context || !manager) return;
  const [list] = args;
  if (!Array.isArray(list)) {
    console.error("Gleap: Failed to parse tooltips");
    return;
  }
  manager.setTooltips(readTooltips(list));
}
