import type { WidgetRoute } from "../widget-route.ts";
import type { WidgetRouteDeps } from "../widget-route-deps.ts";
import { handleChecklistFetch } from "./handlers/checklist-fetch.ts";
import { handleChecklistStart } from "./handlers/checklist-start.ts";
import { handleChecklistUpdate } from "./handlers/checklist-update.ts";
import { handleOutboundEvent } from "./handlers/outbound-event.ts";
import { handleProductTour } from "./handlers/product-tour.ts";
import { handleProductTourValidation } from "./handlers/product-tour-validation.ts";

const base = "/api/widget/outbound";

/**
 * Product tours and checklists (spec §7 `/outbound/...`), and what the widget acknowledges of any
 * outbound, all for a verified session; each handler in handlers/.
 */
export function outboundRoutes(deps: WidgetRouteDeps): WidgetRoute[] {
  const updateChecklist = handleChecklistUpdate(deps);
  return [
    { method: "POST", pattern: `${base}/:id/events`, auth: "session", handle: handleOutboundEvent(deps) },
    { method: "POST", pattern: `${base}/producttours`, auth: "session", handle: handleProductTour(deps) },
    {
      method: "POST",
      pattern: `${base}/producttourvalidation`,
      auth: "session",
      handle: handleProductTourValidation(deps),
    },
    { method: "POST", pattern: `${base}/checklists`, auth: "session", handle: handleChecklistStart(deps) },
    { method: "GET", pattern: `${base}/checklists/:id`, auth: "session", handle: handleChecklistFetch(deps) },
    { method: "PUT", pattern: `${base}/checklists/:id`, auth: "session", handle: updateChecklist },
    {
      method: "PUT",
      pattern: `${base}/checklists/:id/increment/:checkedStep`,
      auth: "session",
      handle: updateChecklist,
    },
  ];
}
