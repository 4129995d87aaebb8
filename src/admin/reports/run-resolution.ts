import type { ReportDetail, ReportResolution } from "../../shared/reports-schemas.ts";
import { apiErrorMessage } from "../api/api-error.ts";
import { showToast } from "../shell/toast-store.ts";
import { resolutionFailureToast } from "./report-labels.ts";

export type ResolutionOutcome = { ok: true; report: ReportDetail } | { ok: false; stale: boolean };

/**
 * Runs one resolution: "Report resolved" with what happened (spec §8), or an error toast in the admin's
 * language. `stale` tells the screen that the report changed elsewhere, so it should load it again.
 */
export async function runResolution(
  resolution: ReportResolution,
  call: () => Promise<ReportDetail>,
): Promise<ResolutionOutcome> {
  try {
    const report = await call();
    showToast({ type: "success", heading: "report.resolved", body: `report.done.${resolution}` });
    return { ok: true, report };
  } catch (failure) {
    const toast = resolutionFailureToast(apiErrorMessage(failure));
    showToast({ type: "error", heading: toast.heading, body: toast.body });
    return { ok: false, stale: toast.stale };
  }
}
