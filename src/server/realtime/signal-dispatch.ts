import { webhooksChangedSignal } from "../domain/webhooks/webhook-events.ts";
import type { Logger } from "../logger.ts";
import type { ConnectedCensus } from "./connected-census.ts";
import type { Fanout } from "./fanout.ts";
import type { StaffPresence } from "./staff-presence.ts";
import { type StaffAccessChanged, staffAccessSignal } from "./staff-socket.ts";
import type { StaffSocketWatch } from "./staff-socket-watch.ts";

/** The fan-out signal an admin's publish sends; its payload is the project id. */
export const outboundPublishedSignal = "outbound-published";

/** What a signal reaches in this process. */
export interface SignalTargets {
  /** Re-checks the staff sockets of a user whose access changed. */
  staffWatch: StaffSocketWatch;
  /** Delivers a project's published content to the widgets this process holds a socket of. */
  deliverPublished(projectId: string): Promise<void>;
  /** Answers and collects the census of connected widgets (the publish dialog's visitor count). */
  census?: Pick<ConnectedCensus, "handle">;
  /** Answers and collects which admins have a staff socket open (staff-presence.ts). */
  staffPresence?: Pick<StaffPresence, "handle">;
  /** Drops the cached lookups a signal names (widget-lookup-cache.ts); sees every signal first. */
  lookups?: { handleSignal(name: string, payload: string): void };
  /** Drops the snapshot of who listens to webhooks (webhook-events.ts). */
  webhooks?: { forget(): void };
}

/**
 * Runs every fan-out signal where its sockets are (every process gets each signal): a staff access
 * change re-checks that user's staff sockets, published content goes to the connected widgets. A
 * failure is logged; it never reaches the process that sent the signal.
 */
export function dispatchSignals(fanout: Fanout, logger: Logger, targets: SignalTargets): void {
  fanout.onSignal((name, payload) => {
    targets.lookups?.handleSignal(name, payload);
    if (targets.census?.handle(name, payload)) return;
    if (targets.staffPresence?.handle(name, payload)) return;
    if (name === webhooksChangedSignal) {
      targets.webhooks?.forget();
      return;
    }
    if (name === staffAccessSignal) {
      targets.staffWatch
        .recheck(payload === "" ? null : payload)
        .catch((error: unknown) => logger.warn("staff socket re-check failed", { error: String(error) }));
      return;
    }
    if (name !== outboundPublishedSignal) return;
    targets
      .deliverPublished(payload)
      .catch((error: unknown) => logger.warn("live outbound delivery failed", { error: String(error) }));
  });
}

/**
 * What the routes call after a sign-out, ban, role change, deletion or password reset: that admin's
 * staff sockets close at once, in every process.
 */
export function signalStaffAccessChanged(fanout: Fanout, logger: Logger): StaffAccessChanged {
  return (userId) => {
    fanout
      .signal(staffAccessSignal, userId ?? "")
      .catch((error: unknown) => logger.warn("staff access signal failed", { error: String(error) }));
  };
}
