import type { Logger } from "../../logger.ts";
import type { ConnectedWidgets } from "../../realtime/connected-widgets.ts";
import { findProjectById } from "../projects/projects-repository.ts";
import { findSessionById } from "../sessions/sessions-repository.ts";
import { type DeliveryDeps, deliverOutboundActions } from "./outbound-delivery.ts";

/**
 * Publishing content reaches the widgets open at that moment without waiting for their next ping:
 * every process runs this for the sessions whose socket it holds, through the same delivery a ping
 * runs (page filter, audience, once per session, the same `update` push). A session that fails is
 * logged and the others still get theirs.
 */
export async function deliverToConnectedWidgets(
  deps: DeliveryDeps & { logger?: Logger },
  connected: ConnectedWidgets,
  projectId: string,
): Promise<void> {
  const sessionIds = connected.sessionsOf(projectId);
  if (sessionIds.length === 0) return;
  const project = await findProjectById(deps.sql, projectId);
  if (!project) return;
  for (const sessionId of sessionIds) {
    try {
      const session = await findSessionById(deps.sql, sessionId);
      if (session) await deliverOutboundActions(deps, project, session);
    } catch (error) {
      deps.logger?.warn("live outbound delivery failed", {
        sessionId,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
}
