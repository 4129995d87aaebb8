import type { SQL } from "bun";
import type { StreamedEvent } from "../../shared/widget-session-api.ts";
import type { OutboundUpdatePush } from "../../shared/widget-socket-pushes.ts";
import type { PingWriter } from "../domain/sessions/ping-writes.ts";
import type { StoredSession } from "../domain/sessions/sessions-repository.ts";
import type { WidgetLookupCache } from "./widget-lookup-cache.ts";
import type { WidgetContext } from "./widget-route.ts";

/** What the session routes (`/api/widget/sessions...`) use. */
export interface SessionRoutesDeps {
  sql: SQL;
  sessionSecret: string;
  /**
   * Runs after a ping is stored (outbound content is matched against the session then), with the
   * session as the ping's write left it. `push` is false when the widget has no socket open (`ws:
   * false`): the `update` it answers then goes back in the ping's answer instead of over the socket.
   */
  afterPing?: (
    context: WidgetContext,
    session: StoredSession,
    options: { push: boolean },
  ) => Promise<OutboundUpdatePush["data"] | null | undefined>;
  /** Commits pings in groups; left out, one of its own. */
  pingWriter?: PingWriter;
  /** Where the ping's session lookup is kept (widget-lookup-cache.ts), told what the write found. */
  sessions?: Pick<WidgetLookupCache, "rememberSession" | "forgetSession">;
  /**
   * Hears a stored ping's events (the install panel's installation check reads its page views); never
   * fails, and the ping is answered once it is done.
   */
  onPingEvents?: (context: WidgetContext, events: readonly StreamedEvent[]) => Promise<void>;
}
