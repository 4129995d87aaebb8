import { useMemo } from "react";
import { replayMarkers } from "./replay-markers.ts";
import type { ReplayView, ReportDetailView } from "./report-detail-view.ts";
import { withoutWidgetNoise } from "./widget-noise.ts";

/**
 * The timeline's markers (clicks, console errors, failed requests, the report's moment), the widget's
 * own entries left out: none until the replay's timing and our own origins are known.
 */
export function useReplayMarkers(
  report: Pick<ReportDetailView, "consoleLog" | "networkLogs" | "createdAt">,
  events: ReplayView["events"],
  own: readonly string[] | null,
  timing: { start: number; duration: number } | null,
) {
  return useMemo(() => {
    if (!timing || !own) return [];
    const quiet = withoutWidgetNoise(report, own);
    const reportedAt = Date.parse(report.createdAt);
    return replayMarkers({
      events,
      consoleLog: quiet.console,
      networkLogs: quiet.network,
      reportedAt: Number.isNaN(reportedAt) ? null : reportedAt,
      ...timing,
    });
  }, [timing, own, report, events]);
}
