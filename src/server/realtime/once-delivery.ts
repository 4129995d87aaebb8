import { LRUCache } from "lru-cache";

/** How many own envelopes delivered by hand are remembered, in case Redis delivers them after all. */
const handDeliveredKept = 1000;

/**
 * Own envelopes published while this process had no subscription, which may come back while one is
 * under way: nobody can tell beforehand whether Redis will relay it to this process, and the two
 * connections answer in either order. Redis relaying it before the publish is answered delivers it;
 * otherwise the publisher delivers it by hand and a late relay finds it done. Never twice, never lost.
 */
export function onceDelivery() {
  const inFlight = new Set<string>();
  const heardInFlight = new Set<string>();
  // Delivered by hand while Redis was truly away: Redis never relays those, so only the last are kept.
  const deliveredByHand = new LRUCache<string, true>({ max: handDeliveredKept });
  return {
    sending(id: string) {
      inFlight.add(id);
    },
    /** Redis relayed an envelope: whether this process should deliver it. */
    heard(id: string | undefined): boolean {
      if (id === undefined) return true;
      if (deliveredByHand.delete(id)) return false;
      if (inFlight.has(id)) heardInFlight.add(id);
      return true;
    },
    /** Redis took an envelope `sending` named: whether to deliver it by hand (not relayed yet). */
    sent(id: string): boolean {
      inFlight.delete(id);
      if (heardInFlight.delete(id)) return false;
      deliveredByHand.set(id, true);
      return true;
    },
    failed(id: string) {
      inFlight.delete(id);
      heardInFlight.delete(id);
    },
  };
}
