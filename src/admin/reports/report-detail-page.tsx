import { useT } from "../i18n/intl.ts";
import { RecordScreen } from "../shell/detail/record-screen.tsx";
import { useRouteRecord } from "../shell/detail/use-route-record.ts";
import { ReportInformation, ReportPeople, ReportTaskCard } from "./report-fields.tsx";
import { reportListHref } from "./report-paths.ts";
import { ResolutionSummary, ResolveActions } from "./report-resolution.tsx";
import { ReportTaskContent } from "./report-task-content.tsx";
import { reportsApi } from "./reports-api.ts";
import "./report-styles.ts";

/**
 * `/dashboard/reported-tasks/:id` (spec §2 Manage Report): the report, its task and the people involved,
 * the task's content (coding challenge info for a coding task), and the four resolutions.
 */
export default function ReportDetailPage() {
  const { t } = useT();
  const load = useRouteRecord(reportsApi.get);
  const { refresh, replace } = load;
  return (
    <RecordScreen
      kind="report"
      load={load}
      back={reportListHref()}
      name={(report) => report.task.title || t("report.untitled")}
    >
      {(report) => (
        <>
          {/* An open report offers the four resolutions first; a resolved one leads with how it ended. */}
          {!report.resolution && <ResolveActions report={report} onResolved={replace} onStale={refresh} />}
          <div className="detail-grid">
            {report.resolution && <ResolutionSummary report={report} />}
            <ReportInformation report={report} />
            <ReportTaskCard task={report.task} />
          </div>
          <ReportPeople report={report} />
          <ReportTaskContent report={report} />
        </>
      )}
    </RecordScreen>
  );
}
