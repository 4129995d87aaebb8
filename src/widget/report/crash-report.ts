import type { WidgetHost } from "../../shared/widget-chunk-contract.ts";
import type { ScreenshotData } from "../common/capture-data.ts";
import { buildReport } from "../common/report/build-report.ts";
import { fitReport } from "../common/report/fit-report.ts";
import { protectReport } from "../common/report/private-report.ts";
import type { MetadataWindow } from "../common/report/session-metadata.ts";

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Asks a surface for a part; a part that fails is left out, the crash report goes without it. */
async function part(host: Pick<WidgetHost, "query">, name: "pageSnapshot" | "replayData") {
  try {
    return await host.query(name);
  } catch {
    return undefined;
  }
}

/**
 * A silent crash report's body (`sendSilentCrashReport…`, spec §3/§5), as the reference builds it:
 * type CRASH, silent, the host's form data and priority, and the page snapshot (`screenshot`) and
 * the web replay (`replays`) unless the exclude map excludes them. The loader gives the reference's
 * default map when the host passes none (`{screenshot: true, replays: true, attachments: true}`:
 * neither part); a map the host passes is taken as it is, so a key it leaves out is included, and a
 * null map excludes nothing, as in the reference. The replay exists only where the project records
 * replays; the snapshot loads the capture surface (without its editor).
 */
export async function buildCrashReport(
  host: Pick<WidgetHost, "query" | "reportParts">,
  win: MetadataWindow,
  [formData, priority, excludeData]: unknown[],
): Promise<Record<string, unknown>> {
  const excluded = isObject(excludeData) ? (excludeData as Record<string, boolean>) : {};
  const [snapshot, replay] = await Promise.all([
    excluded.screenshot ? undefined : part(host, "pageSnapshot"),
    excluded.replays ? undefined : part(host, "replayData"),
  ]);
  const parts = host.reportParts();
  const report: Record<string, unknown> = buildReport(parts, win, {
    type: "CRASH",
    priority: typeof priority === "string" ? priority : "MEDIUM",
    formData: isObject(formData) ? formData : {},
    excludeData: excluded,
    isSilent: true,
  });
  if (isObject(snapshot) && typeof snapshot.html === "string")
    report.screenshotData = snapshot as unknown as ScreenshotData;
  if (isObject(replay) && Array.isArray(replay.events) && replay.events.length > 0) report.webReplay = replay;
  // Last, over every part: no private value of the page leaves it (src/widget/privacy/).
  return fitReport(protectReport(report, parts.typedValues, win));
}
