import type { Logger } from "../../logger.ts";
import type { ConnectedWidgets } from "../../realtime/connected-widgets.ts";
import { sessionTopic } from "../../realtime/widget-socket.ts";
import { newOffers, planConnectedOffers, updateMessages } from "./connected-offers-plan.ts";
import {
  findConnectedVisitors,
  listLiveActionOutbounds,
  readDeliveryStates,
  recordOfferSet,
} from "./connected-offers-repository.ts";
import type { DeliveryDeps } from "./outbound-delivery.ts";

/**
 * Publishing content reaches the widgets open at that moment without waiting for their next ping:
 * every process runs this for the sessions whose socket it holds, with the rules a ping's delivery
 * follows (page filter, audience, schedule, frequency, the takeover queue, the same `update` push).
 *
 * It is one set operation whatever the number of visitors: the project's live content, the
 * connected sessions, their delivery rows and their unread counts are read in one statement each; each
 * session's topic gets one publish on this process's own pub/sub (the signal that started this
 * already reached every process); then the new offers are written in one multi-row insert.
 *
 * The pushes go out before the offers are written, since writing thousands of rows is the slowest
 * step and an offer row decides nothing the widget waits for: content is delivered when the widget
 * acknowledges it as shown, and that acknowledgement creates the row if it comes first. The badge
 * count sent already includes the new notification offers.
 */
export async function deliverToConnectedWidgets(
  deps: DeliveryDeps & { logger?: Logger },
  connected: ConnectedWidgets,
  projectId: string,
): Promise<void> {
  const sessionIds = connected.sessionsOf(projectId);
  if (sessionIds.length === 0) return;
  const live = await listLiveActionOutbounds(deps.sql, projectId);
  if (live.length === 0) return;
  const visitors = await findConnectedVisitors(deps.sql, sessionIds);
  const states = await readDeliveryStates(
    deps.sql,
    live.map((outbound) => outbound.id),
    visitors.map((visitor) => visitor.id),
  );
  const now = new Date();
  const planned = planConnectedOffers(live, visitors, states, now.getTime());
  if (planned.length === 0) return;
  const offers = newOffers(planned);
  for (const { sessionId, message } of updateMessages(planned, now.toISOString())) {
    deps.fanout.publishHere(sessionTopic(sessionId), message);
  }
  // Bun sends what was published once this task gives the event loop back, and a SQLite write runs
  // on this thread: written first, the offers would hold back every push for as long as they take.
  await new Promise((resolve) => setTimeout(resolve, 0));
  await recordOfferSet(deps.sql, offers, now.toISOString());
}
