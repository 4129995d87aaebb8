import { type CrashReportDeps, createCrashReports } from "./crash-reports.ts";
import { createReportParts } from "./report-parts.ts";

/**
 * The host API methods that only feed reports (spec §7): the parts a report carries and silent crash
 * reports. Nothing reads them before a report, so their code is in the loader's late file
 * (loader/late-chunk.ts); the eager file forwards the host's calls (loader/late-methods.ts).
 */
export function createReportMethods(crash: CrashReportDeps) {
  const { parts, methods } = createReportParts();
  return { parts, methods: { ...methods, ...createCrashReports(crash) } };
}

export type ReportMethods = ReturnType<typeof createReportMethods>;
