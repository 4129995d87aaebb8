import { createPingWriter } from "../domain/sessions/ping-writes.ts";
import { handleIdentify } from "./session-handlers/identify.ts";
import { handlePartialUpdate } from "./session-handlers/partial-update.ts";
import { handlePing } from "./session-handlers/ping.ts";
import { handleSessionStart } from "./session-handlers/session-start.ts";
import type { SessionRoutesDeps } from "./sessions-routes-deps.ts";
import type { WidgetRoute } from "./widget-route.ts";

export type { SessionRoutesDeps } from "./sessions-routes-deps.ts";

/**
 * The visitor's session: start or resume it, name its user, change its fields, ping; each handler in
 * session-handlers/.
 */
export function sessionRoutes(deps: SessionRoutesDeps): WidgetRoute[] {
  const pingWriter = deps.pingWriter ?? createPingWriter(deps.sql);
  return [
    { method: "POST", pattern: "/api/widget/sessions", auth: "project", handle: handleSessionStart(deps) },
    {
      method: "POST",
      pattern: "/api/widget/sessions/identify",
      auth: "session",
      handle: handleIdentify(deps),
    },
    {
      method: "POST",
      pattern: "/api/widget/sessions/partialupdate",
      auth: "session",
      handle: handlePartialUpdate(deps),
    },
    {
      method: "POST",
      pattern: "/api/widget/sessions/ping",
      auth: "session",
      sessionFromCache: true,
      handle: handlePing({ ...deps, pingWriter }),
    },
  ];
}
