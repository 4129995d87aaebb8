import type { FeedbackReportCreated } from "../src/shared/host-visible-types.ts";

const crashReportGapMs = 10_000;

export interface CrashReportDeps {
  /** The identified visitor's e-mail, the report's `reportedBy`. */
  email: () => string;
  /** Hands the report to the report chunk; answers the server's answer. */
  send: (
    formData: Record<string, unknown>,
    priority: string,
    excludeData: Record<string, boolean> | null,
  ) => Promise<unknown>;
}

/**
 * Spec §5/§9: at most one silent crash report every 10 seconds. One sent before the session is ready
 * waits for it in the report surface's queue (loader/ready-gate.ts), like every call that needs one.
 */
export function createCrashReports({ email, send }: CrashReportDeps) {
  let last = 0;
  const crashReport = (
    formData: Record<string, unknown>,
    priority = "MEDIUM",
    // The reference's map when the host passes none: no snapshot, no replay, no attachments. A map
    // the host passes replaces it whole (a key it leaves out is included).
    excludeData: Record<string, boolean> | null = { screenshot: true, replays: true, attachments: true },
  ) => {
    if (Date.now() - last < crashReportGapMs) return;
    last = Date.now();
    return send(formData, priority, excludeData) as Promise<FeedbackReportCreated | undefined>;
  };
  return {
    sendSilentCrashReport: (
      description = "",
      priority?: string,
      excludeData?: Record<string, boolean> | null,
    ) => crashReport({ description, reportedBy: email() }, priority, excludeData),
    sendSilentCrashReportWithFormData: (
      formData: Record<string, unknown> = {},
      priority?: string,
      excludeData?: Record<string, boolean> | null,
    ) => crashReport({ ...formData }, priority, excludeData),
  };
}
