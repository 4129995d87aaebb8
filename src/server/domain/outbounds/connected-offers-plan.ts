import { contentLanguageFor } from "../../../shared/content-languages.ts";
import type { ConnectedVisitor, Offer } from "./connected-offers-repository.ts";
import { toAction } from "./outbound-delivery.ts";
import type { Outbound, OutboundCandidate } from "./outbound-repository.ts";
import { type DeliveryState, matchesPage, pickOffers } from "./takeover-queue.ts";

/**
 * A publish to every connected visitor, decided without a database: which content each visitor is
 * offered (the same queue rules as a ping, takeover-queue.ts) and the `update` each one is sent.
 */

export interface VisitorOffers {
  visitor: ConnectedVisitor;
  /** What the queue picks for the visitor now, never empty. */
  offers: OutboundCandidate[];
}

/** Each visitor's offers from the project's live content and the visitors' delivery rows; visitors offered nothing are left out. */
export function planConnectedOffers(
  live: readonly Outbound[],
  visitors: readonly ConnectedVisitor[],
  states: ReadonlyMap<string, ReadonlyMap<string, DeliveryState>>,
  now: number,
): VisitorOffers[] {
  // Thousands of visitors are on a handful of pages: each filter is matched once per page.
  const matches = new Map<string, Map<string | null, boolean>>();
  const pageMatches = (outbound: Outbound, page: string | null) => {
    const ofOutbound = matches.get(outbound.id) ?? new Map<string | null, boolean>();
    matches.set(outbound.id, ofOutbound);
    let answer = ofOutbound.get(page);
    if (answer === undefined) {
      answer = matchesPage(outbound, page);
      ofOutbound.set(page, answer);
    }
    return answer;
  };
  const planned: VisitorOffers[] = [];
  for (const visitor of visitors) {
    const ofVisitor = states.get(visitor.id);
    const candidates = live.map((outbound) => ({
      ...outbound,
      delivery: ofVisitor?.get(outbound.id) ?? null,
    }));
    const offers = pickOffers(candidates, visitor, now, pageMatches);
    if (offers.length > 0) planned.push({ visitor, offers });
  }
  return planned;
}

/** The offers never made before: the delivery rows to write. */
export function newOffers(planned: readonly VisitorOffers[]): Offer[] {
  return planned.flatMap(({ visitor, offers }) =>
    offers
      .filter((outbound) => outbound.delivery === null)
      .map((outbound) => ({ outboundId: outbound.id, sessionId: visitor.id })),
  );
}

/**
 * The badge once these offers are recorded: what was unread, and each notification offered for the
 * first time (its new delivery row is unread), as `countUnread` would count after the write.
 */
export function unreadAfter(visitor: ConnectedVisitor, offers: readonly OutboundCandidate[]): number {
  const firstOffers = offers.filter(
    (outbound) => outbound.type === "notification" && outbound.delivery === null,
  );
  return visitor.unread + firstOffers.length;
}

/** Content whose text has a `{{…}}` placeholder: only its action depends on the visitor's name. */
const hasPlaceholder = (outbound: Outbound) => JSON.stringify(outbound.config).includes("{{");

/**
 * Each visitor's `update` push as the text a socket gets, the same a ping's delivery sends. Visitors
 * offered the same content with the same unread count (and the same name, where the content names
 * them) share one serialized text: thousands of visitors cost a handful of serializations.
 */
export function updateMessages(
  planned: readonly VisitorOffers[],
  nowIso: string,
): Array<{ sessionId: string; message: string }> {
  const named = new Map<string, boolean>();
  const namesMatter = (outbound: Outbound) => {
    let answer = named.get(outbound.id);
    if (answer === undefined) {
      answer = hasPlaceholder(outbound);
      named.set(outbound.id, answer);
    }
    return answer;
  };
  const texts = new Map<string, string>();
  return planned.map(({ visitor, offers }) => {
    const u = unreadAfter(visitor, offers);
    // A name that fills nothing in leaves the text as it is, so it does not split the shared texts.
    const name = !offers.some(namesMatter) ? "" : visitor.name === null ? "\u0001" : `\u0002${visitor.name}`;
    // Visitors of one content language share a text; there are at most as many as the widget speaks.
    const language = contentLanguageFor(visitor.lang);
    const key = `${u}\u0000${name}\u0000${language}\u0000${offers.map((outbound) => outbound.id).join(",")}`;
    let message = texts.get(key);
    if (message === undefined) {
      message = JSON.stringify({
        name: "update",
        data: { a: offers.map((outbound) => toAction(outbound, visitor, nowIso)), u },
      });
      texts.set(key, message);
    }
    return { sessionId: visitor.id, message };
  });
}
