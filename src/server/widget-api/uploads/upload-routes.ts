import type { ApiRoute } from "../../main-origin.ts";
import type { WidgetRoute } from "../widget-api.ts";
import type { WidgetRouteDeps } from "../widget-route-deps.ts";

// PLACEHOLDER being replaced in this session by the uploads work.
export function uploadRoutes(_deps: WidgetRouteDeps): WidgetRoute[] {
  return [];
}

export function fileRoutes(_deps: WidgetRouteDeps): ApiRoute[] {
  return [];
}
