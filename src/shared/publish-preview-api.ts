import type { OutboundType } from "./outbound-api.ts";

/**
 * What publishing an outbound would do now, for the admin's publish dialog:
 *
 *   GET /api/projects/{p}/outbounds/{id}/publish-preview → PublishPreview
 *
 * Read-only: nothing is published or recorded by asking.
 */

/** Live content of the same takeover slot, on overlapping pages, that a visitor gets first. */
export interface QueuedBehind {
  id: string;
  name: string;
  type: OutboundType;
  priority: number;
}

export interface PublishPreview {
  /**
   * Visitors with the site open now (a widget socket in any server process) whose last page passes
   * the outbound's page filter and who are in its audience. A visitor with several tabs counts once.
   */
  matchingVisitors: number;
  /**
   * The live takeovers of the same slot (banner, or the modal-like slot of modals, surveys and tours)
   * whose pages overlap this one's and that go first (a higher priority, or the same priority and
   * published earlier): this one waits behind them. Empty for notifications and checklists, and when
   * this one's priority is higher than every other's.
   */
  queuedBehind: QueuedBehind[];
  /** The live takeovers of the same slot on overlapping pages with a lower priority: it goes first. */
  goesBefore: QueuedBehind[];
}
