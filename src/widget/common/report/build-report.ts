import type { ReportParts } from "../../../shared/widget-chunk-contract.ts";
import { collectMetadata, type MetadataWindow } from "./session-metadata.ts";

/** What the sender of a report decides; the rest comes from what the loader keeps. */
export interface ReportRequest {
  type: string;
  priority: string;
  formData: Record<string, unknown>;
  /** Parts left out on purpose (spec §3 "exclude-data map"): customData, consoleLog, networkLogs, … */
  excludeData?: Record<string, boolean> | null;
  isSilent?: boolean;
  outbound?: string | null;
  spamToken?: string | null;
}

/** The session metadata of spec §3, read from the page with the loader's versions and start time. */
export function reportMetadata(parts: ReportParts, win: MetadataWindow) {
  return collectMetadata(win, {
    startedAt: parts.startedAt,
    sdkVersion: parts.sdkVersion,
    environment: parts.environment,
    buildVersionNumber: parts.appBuildNumber,
    releaseVersionNumber: parts.appVersionCode,
  });
}

/**
 * A feedback report as `/bugs/v2` takes it (spec §3), from the loader's parts and the sender's
 * choices. An excluded part is left out of the body, not sent empty, so nothing of it leaves the page.
 */
export function buildReport(parts: ReportParts, win: MetadataWindow, request: ReportRequest) {
  const excluded = request.excludeData ?? {};
  const include = (key: string) => excluded[key] !== true;
  return {
    type: request.type,
    priority: request.priority,
    isSilent: request.isSilent ?? false,
    formData: request.formData,
    excludeData: excluded,
    tags: parts.tags,
    ...(request.outbound ? { outbound: request.outbound } : {}),
    ...(request.spamToken ? { spamToken: request.spamToken } : {}),
    ...(include("customData") ? { customData: parts.customData } : {}),
    ticketAttributes: parts.ticketAttributes,
    ...(include("metaData")
      ? {
          metaData: reportMetadata(parts, win),
        }
      : {}),
    ...(include("consoleLog") ? { consoleLog: parts.consoleLog } : {}),
    ...(include("networkLogs") ? { networkLogs: parts.networkLogs } : {}),
    ...(include("customEventLog") ? { customEventLog: parts.customEventLog } : {}),
  };
}
