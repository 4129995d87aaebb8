import { matchesPageFilter } from "../src/shared/page-filter.ts";
import type { HostCommandName } from "../src/shared/widget-chunk-contract.ts";
import type { HttpClient } from "./http-client.ts";
import { whenIdle } from "./idle-schedule.ts";

type TooltipEntry = { page?: unknown; pageType?: unknown } | null;

interface TooltipWatchDeps {
  window: Window;
  request: HttpClient;
  sdkKey: () => string;
  report: (message: string, error?: unknown) => void;
  /** Whether the tooltips chunk is loaded (it then follows the address itself). */
  chunkLoaded: () => boolean;
  runCommand: (command: HostCommandName, args: unknown[]) => void;
}

/**
 * The project's published tooltips on the host page. The list is fetched for each new visitor id
 * (WIDGET-PROTOCOL step 2); the tooltips chunk loads once a tooltip is meant for this address (checked
 * every second, for single-page apps) and the main thread is idle (a hotspot can wait for the page's
 * own work), and a loaded chunk gets every new list.
 */
export function createTooltipWatch(deps: TooltipWatchDeps) {
  let tooltips: TooltipEntry[] = [];
  let watching = false;
  let pending = false;

  const show = (fresh?: boolean) => {
    const href = deps.window.location.href;
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
        if (watching) deps.runCommand("showTooltips", [tooltips]);
      });
    }
  };

  return {
    list: () => tooltips,
    load() {
      deps
        .request<unknown[]>("GET", `/config/${encodeURIComponent(deps.sdkKey())}/tooltips`)
        .then((list) => {
          tooltips = Array.isArray(list) ? (list as TooltipEntry[]) : [];
          // Before the page is ready it may have no body yet; `watch` looks at the list itself.
          if (watching) show(true);
        })
        .catch((error) => deps.report("Failed to fetch tooltips", error));
    },
    /** From now on (the page is ready), every second; answers the cleanup. */
    watch(): () => void {
      watching = true;
      show();
      const timer = setInterval(show, 1000);
      return () => {
        watching = false;
        clearInterval(timer);
      };
    },
  };
}
