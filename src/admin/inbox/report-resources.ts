import { dropLiveAttributes } from "../../shared/replay-live-attributes.ts";
import { captureFrameUrl } from "./capture-frame.ts";
import { externalResources, originOf } from "./external-resources.ts";
import { replayEventsWithResources } from "./replay-resources.ts";
import type { ReportDetailView } from "./report-detail-view.ts";
import { snapshotDocument } from "./snapshot-document.ts";

/**
 * A report's captures as its views show them: the snapshot's frame document, the replay's events
 * (without handlers and script addresses, src/shared/replay-live-attributes.ts) and the recording's
 * address, each with the addresses the visitor chose rewritten (external-resources.ts),
 * and how many distinct external addresses the three hold together (the notice's count).
 */
export interface ReportResources {
  snapshotDocument: string | null;
  replayEvents: Array<{ type: number; timestamp: number }> | null;
  /** The policy of the replay frame (the snapshot's is inside its document). */
  framePolicy: string;
  /** The capture frame both are shown in (capture-frame.ts), open to the web once external content is. */
  frameUrl: string;
  /** Null when the report has none, or when it is external and not allowed. */
  recordingUrl: string | null;
  /** A recording exists but is held back as external content. */
  recordingBlocked: boolean;
  external: number;
}

export function reportResources(
  report: Pick<ReportDetailView, "snapshot" | "replay" | "recordingUrl" | "page">,
  options: {
    own: readonly string[];
    allowExternal: boolean;
    adminUrl: string;
    /** The window the snapshot is cleaned in (capture-frame.ts `captureRealm`); the admin's own by default. */
    realm?: Window;
  },
): ReportResources {
  const found = new Set<string>();
  const forBase = (base: string | null) =>
    externalResources({
      own: options.own,
      // Relative addresses belong to the reported page, not to the admin that shows it. The page's
      // address comes from the visitor: one that is not a web address would fail every address.
      base: [base, report.page].find((candidate) => originOf(candidate) !== null) ?? options.adminUrl,
      allowExternal: options.allowExternal,
      found,
    });
  const snapshot = report.snapshot
    ? snapshotDocument(report.snapshot.html, forBase(report.snapshot.baseUrl), options.realm)
    : null;
  const replay = forBase(report.replay?.baseUrl ?? null);
  // The copy rrweb gets holds no handler or script address either: the replay frame's sandbox is not
  // the only thing keeping them inert.
  const replayEvents = report.replay
    ? replayEventsWithResources(report.replay.events, replay).map(dropLiveAttributes)
    : null;
  // The recording's address was already resolved against the admin (report-detail-view.ts).
  const recordingUrl = report.recordingUrl
    ? forBase(options.adminUrl).url(report.recordingUrl, "other")
    : null;
  return {
    snapshotDocument: snapshot,
    replayEvents,
    framePolicy: replay.framePolicy,
    frameUrl: captureFrameUrl(options.allowExternal),
    recordingUrl,
    recordingBlocked: report.recordingUrl !== null && recordingUrl === null,
    external: found.size,
  };
}
