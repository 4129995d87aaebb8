import type { OutboundEventKind } from "../../shared/outbound-api.ts";
import type { WidgetHost } from "../../shared/widget-chunk-contract.ts";

/**
 * Tells the server what the visitor really saw and did of an outbound: only `shown` counts as delivered, so content a surface could not
 * show is offered again later. Content a host made itself (no outbound id) has nothing to tell. Never
 * throws into the page: a lost acknowledgement only means the content is offered again.
 */
export function acknowledgeOutbound(
  host: Pick<WidgetHost, "request">,
  outboundId: string | null | undefined,
  event: OutboundEventKind,
): void {
  if (!outboundId) return;
  try {
    host
      .request("POST", `/outbound/${encodeURIComponent(outboundId)}/events`, { event })
      .catch(() => undefined);
  } catch {
    // The session is gone (destroyed SDK): nothing to tell.
  }
}

/**
 * The outbound id of a server offer (a socket action: `{actionType, outbound, …}`), or null for what
 * a host passed itself (`showBanner(content)`, `startProductTour(id)`): only offers wait for a busy slot.
 */
export function offeredOutboundId(raw: unknown): string | null {
  if (typeof raw !== "object" || raw === null) return null;
  const { actionType, outbound } = raw as { actionType?: unknown; outbound?: unknown };
  return typeof actionType === "string" && typeof outbound === "string" && outbound !== "" ? outbound : null;
}
