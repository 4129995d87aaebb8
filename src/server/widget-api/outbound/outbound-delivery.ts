import type { WidgetProject } from "../projects-repository.ts";
import type { StoredSession } from "../sessions-repository.ts";
import type { WidgetRouteDeps } from "../widget-route-deps.ts";

// PLACEHOLDER being replaced in this session by the outbound work (actions matched to sessions).
export async function deliverOutboundActions(
  _deps: WidgetRouteDeps,
  _project: WidgetProject,
  _session: StoredSession,
): Promise<void> {}
