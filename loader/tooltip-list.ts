import type { HttpClient } from "./http-client.ts";

interface TooltipListDeps {
  request: HttpClient;
  sdkKey: () => string;
  report: (message: string, error?: unknown) => void;
}

/**
 * The project's published tooltips (`getTooltips`), fetched for each new visitor id (WIDGET-PROTOCOL
 * step 2). Watching the page for them is the late file's (loader/page-tooltips.ts), which hears of
 * every new list through `onChange`.
 */
export function createTooltipList(deps: TooltipListDeps) {
  let tooltips: unknown[] = [];
  let changed = () => {};
  return {
    list: () => tooltips,
    /** Who hears of a new list (the page's watch while it runs). */
    onChange(listener: () => void) {
      changed = listener;
    },
    load() {
      deps
        .request<unknown[]>("GET", `/config/${encodeURIComponent(deps.sdkKey())}/tooltips`)
        .then((list) => {
          tooltips = Array.isArray(list) ? list : [];
          changed();
        })
        .catch((error) => deps.report("Failed to fetch tooltips", error));
    },
  };
}

export type TooltipList = ReturnType<typeof createTooltipList>;
