import type { StoredSession } from "../sessions/sessions-repository.ts";
import { deliveryStatesOf, type LiveOutbound } from "./live-content-repository.ts";
import { type DeliveryDeps, sendOffers } from "./outbound-delivery.ts";
import { isScheduled, matchesAudience, matchesPage, pickOffers, slotOfType } from "./takeover-queue.ts";

/**
 * The ping's delivery (issue 23): the same offers as `deliverOutboundActions`, from the project's live
 * content kept in memory and the session as the ping's own write left it. The rules that do not depend
 * on what the session has seen (kind, schedule, page, audience) run first, so a ping with nothing that
 * could go out reads nothing; otherwise one query reads the session's delivery rows of what could.
 */
export async function deliverAfterPing(
  deps: DeliveryDeps,
  session: StoredSession,
  live: readonly LiveOutbound[],
): Promise<void> {
  const now = Date.now();
  const possible = live.filter(
    (outbound) =>
      (outbound.type === "notification" || slotOfType[outbound.type] !== undefined) &&
      isScheduled(outbound, now) &&
      matchesPage(outbound, session.lastPage) &&
      matchesAudience(outbound, session),
  );
  if (possible.length === 0) return;
  const states = await deliveryStatesOf(
    deps.sql,
    session.id,
    possible.map((outbound) => outbound.id),
  );
  const candidates = possible.map((outbound) => ({ ...outbound, delivery: states.get(outbound.id) ?? null }));
  await sendOffers(deps, session, pickOffers(candidates, session, now));
}
