import { matchesPageFilter } from "../src/shared/page-filter.ts";
import type { HostCommandName } from "../src/shared/widget-chunk-contract.ts";
import { whenIdle } from "./idle-schedule.ts";
import type { TooltipList } from "./tooltip-list.ts";

type TooltipEntry = { page?: unknown; pageType?: unknown } | null;

interface TooltipWatchDeps {
  window: Window;
  tooltips: TooltipList;
  /** Whether the tooltips chunk is loaded (it then follows the address itself). */
  chunkLoaded: () => boolean;
  runCommand: (command: HostCommandName, args: unknown[]) => void;
}

/**
 * The project's published tooltips on the host page, from the page being ready on: the tooltips chunk
 * loads once a tooltip is meant for this address (checked every second, for single-page apps) and the
 * main thread is idle (a hotspot can wait for the page's own work), and a loaded chunk gets every new
 * list. Answers the cleanup.
 */
export function watchTooltips(deps: TooltipWatchDeps): () => void {
  let watching = true;
  let pending = false;

  const show = (fresh?: boolean) => {
    const href = deps.window.location.href;
    const tooltips = deps.tooltips.list() as TooltipEntry[];
    if (deps.chunkLoaded()) {
      if (fresh) deps.runCommand("showTooltips", [tooltips]);
    } else if (
      !pending &&
      tooltips.some((tip) => matchesPageFilter(href, `${tip?.page ?? ""}`, `${tip?.pageType ?? ""}`))
    ) {
      pending = true;
      whenIdle(deps.window, () => {
        pending = false;
        // The latest list, and only while the page is still watched.
        if (watching) deps.runCommand("showTooltips", [deps.tooltips.list()]);
      });
    }
  };

  deps.tooltips.onChange(() => show(true));
  show();
  const timer = setInterval(show, 1000);
  return () => {
    watching = false;
    deps.tooltips.onChange(() => {});
    clearInterval(timer);
  };
}
