import type { WidgetRoute } from "../widget-api.ts";
import type { WidgetRouteDeps } from "../widget-route-deps.ts";

// PLACEHOLDER being replaced in this session by the outbound work (tours, checklists).
export function outboundRoutes(_deps: WidgetRouteDeps): WidgetRoute[] {
  return [];
}
