import type { SQL } from "bun";
import { createAccessTokens } from "../auth/access-tokens.ts";
import { createAuthGuard } from "../auth/auth-guard.ts";
import type { ApiRoute } from "../http/api-route.ts";
import { adminWidgetRoutes } from "../platform-api/admin-widget-routes.ts";
import { messengerAdminRoutes } from "../platform-api/messenger/messenger-admin-routes.ts";
import { platformRoutes } from "../platform-api/platform-routes.ts";

/**
 * Every admin endpoint (method and pattern) as the route builders make them, with the server's own
 * guard (its token secret, read from `sql`), for the tests that walk them all through the running
 * server: a new admin endpoint is covered the moment it is added. The handlers are never called here,
 * so storage, the fan-out and the event bus are not wired.
 */
export async function adminEndpoints(sql: SQL): Promise<Array<Pick<ApiRoute, "method" | "pattern">>> {
  const [{ value: secret }] = await sql`SELECT value FROM settings WHERE key = ${"access_token_secret"}`;
  const guard = createAuthGuard(sql, createAccessTokens(String(secret)));
  return [
    ...platformRoutes({ sql, reads: null as never, guard }),
    ...adminWidgetRoutes({
      sql,
      reads: null as never,
      guard,
      storage: null as never,
      fanout: null as never,
      connectedSessions: async () => [],
      messengerUrl: () => "",
      events: null as never,
    }),
    ...messengerAdminRoutes({ sql, reads: null as never, guard, events: null as never }),
  ].map(({ method, pattern }) => ({ method, pattern }));
}
