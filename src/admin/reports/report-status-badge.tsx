import type { ReportResolution } from "../../shared/reports-api.ts";
import { useT } from "../i18n/intl.ts";

/** Open, or resolved with its resolution (spec §4 "Report: resolved"), as a coloured pill. */
export function ReportStatusBadge({ resolution }: { resolution: ReportResolution | null }) {
  const { t } = useT();
  return resolution ? (
    <span className="badge badge-success" data-testid="report-status">
      {t(`report.resolution.${resolution}`)}
    </span>
  ) : (
    <span className="badge badge-warning" data-testid="report-status">
      {t("report.state.open")}
    </span>
  );
}
