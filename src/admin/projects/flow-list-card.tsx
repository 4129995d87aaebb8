import { Link } from "wouter";
import type { AdminFeedbackFlow } from "../../shared/feedback-flows-api.ts";
import { useResource } from "../api/use-resource.ts";
import { type Translator, useT } from "../i18n/intl.ts";
import { buttonClass } from "../shell/button.tsx";
import { useShownTogether } from "../shell/layout/shown-together.tsx";
import { linkColumn } from "../shell/list/list-clip.tsx";
import { listTexts } from "../shell/list/list-page.tsx";
import { ListStatus } from "../shell/list/list-status.tsx";
import { type ListColumn, RecordTable } from "../shell/list/record-table.tsx";
import { flowCreateHref, flowHref } from "./project-paths.ts";
import { projectsApi } from "./projects-api.ts";
import { SettingsCard } from "./settings-card.tsx";

const flowRow = () => ({ "data-testid": "flow-row" });

const flowColumns = ({ t, formatNumber }: Translator, projectId: string): ListColumn<AdminFeedbackFlow>[] => [
  linkColumn(
    "projectSettings.flows.column.title",
    (flow) => flowHref(projectId, flow.id),
    (flow) => flow.title,
  ),
  {
    label: "projectSettings.flows.column.key",
    cell: (flow) => <code className="inline-code">{flow.key}</code>,
  },
  { label: "projectSettings.flows.column.type", cell: (flow) => flow.feedbackType },
  {
    label: "projectSettings.flows.column.fields",
    numeric: true,
    cell: (flow) => formatNumber(flow.fields.length),
  },
  {
    label: "projectSettings.flows.column.status",
    cell: (flow) => (
      <span className={flow.status === "live" ? "badge badge-success" : "badge"}>
        {t(flow.status === "live" ? "projects.status.live" : "projects.status.draft")}
      </span>
    ),
  },
];

/**
 * The project's feedback flows in their order (what `Gleap.startFeedbackFlow(key)` starts and the
 * messenger's home lists): title, key, report type, fields, status; each opens its editor.
 */
export function FlowListCard({ projectId }: { projectId: string }) {
  const tr = useT();
  const { t } = tr;
  const { resource, reload } = useResource(() => projectsApi.flows(projectId), projectId);
  useShownTogether(resource.state !== "loading");
  return (
    <SettingsCard
      id="flows-title"
      title={t("projectSettings.flows.title")}
      lead={t("projectSettings.flows.lead")}
      action={
        <Link href={flowCreateHref(projectId)} className={buttonClass({ size: "sm" })}>
          {t("projectSettings.flows.create")}
        </Link>
      }
    >
      <ListStatus resource={resource} onRetry={reload} texts={listTexts("projectSettings.flows")}>
        {(data) => <RecordTable rows={data.items} columns={flowColumns(tr, projectId)} rowProps={flowRow} />}
      </ListStatus>
    </SettingsCard>
  );
}
