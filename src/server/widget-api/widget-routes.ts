import { deliveryStatesReader } from "../domain/outbounds/delivery-states-reader.ts";
import { deliverAfterPing } from "../domain/outbounds/ping-delivery.ts";
import { defaultInstallationLimits } from "../domain/projects/installation-limits.ts";
import { createInstallationRecorder } from "../domain/projects/installations.ts";
import { configRoutes } from "./config-routes.ts";
import { feedbackRoutes } from "./feedback/feedback-routes.ts";
import { frameHostRoutes } from "./frame-host-routes.ts";
import { messengerRoutes } from "./messenger/messenger-routes.ts";
import { outboundRoutes } from "./outbound/outbound-routes.ts";
import { sessionRoutes } from "./sessions-routes.ts";
import { uploadRoutes } from "./uploads/upload-routes.ts";
import type { WidgetRoute } from "./widget-api.ts";
import { createWidgetLookupCache } from "./widget-lookup-cache.ts";
import type { WidgetRouteDeps } from "./widget-route-deps.ts";

/** Every route of the widget API, in one list. */
export function widgetRoutes(deps: WidgetRouteDeps): WidgetRoute[] {
  const installations = createInstallationRecorder({
    sql: deps.sql,
    fanout: deps.fanout,
    limits: deps.installationLimits ?? defaultInstallationLimits,
    onError: (error) => deps.logger?.warn("installation check failed", { error: String(error) }),
  });
  const lookups = deps.lookups ?? createWidgetLookupCache(deps.sql);
  const pingDelivery = { sql: deps.sql, fanout: deps.fanout, deliveryStates: deliveryStatesReader(deps.sql) };
  return [
    ...sessionRoutes({
      ...deps,
      sessions: lookups,
      afterPing: async (context, session, options) =>
        deliverAfterPing(pingDelivery, session, await lookups.liveContent(context.project.id), options),
      onPingEvents: ({ request, project, ip }, events) =>
        installations.pinged({ project, origin: request.headers.get("origin"), events, ip }),
    }),
    ...configRoutes(deps),
    ...feedbackRoutes(deps),
    ...uploadRoutes(deps),
    ...outboundRoutes(deps),
    ...messengerRoutes(deps),
    ...frameHostRoutes(deps),
  ];
}
