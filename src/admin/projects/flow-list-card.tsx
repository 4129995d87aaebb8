import { Link } from "wouter";
import { useResource } from "../api/use-resource.ts";
import { useT } from "../i18n/intl.ts";
import { buttonClass } from "../shell/button.tsx";
import { ListStatus } from "../shell/list/list-status.tsx";
import { flowCreateHref, flowHref } from "./project-paths.ts";
import { projectsApi } from "./projects-api.ts";

/**
 * The project's feedback flows in their order (what `Gleap.startFeedbackFlow(key)` starts and the
 * messenger's home lists): title, key, report type, fields, status; each opens its editor.
 */
export function FlowListCard({ projectId }: { projectId: string }) {
  const { t, formatNumber } = useT();
  const { resource, reload } = useResource(() => projectsApi.flows(projectId), projectId);
  return (
    <section className="detail-card settings-card" aria-labelledby="flows-title">
      <div className="settings-card-head">
        <div>
          <h2 id="flows-title" className="settings-card-title">
            {t("projectSettings.flows.title")}
          </h2>
          <p className="subtle settings-card-lead">{t("projectSettings.flows.lead")}</p>
        </div>
        <Link href={flowCreateHref(projectId)} className={buttonClass({ size: "sm" })}>
          {t("projectSettings.flows.create")}
        </Link>
      </div>
      <ListStatus
        resource={resource}
        onRetry={reload}
        texts={{
          loading: "projectSettings.flows.loading",
          error: "projectSettings.flows.error",
          retry: "list.retry",
          empty: "projectSettings.flows.empty",
          emptyHint: "projectSettings.flows.emptyHint",
          count: "projectSettings.flows.count",
        }}
      >
        {(data) => (
          <div className="table-wrap">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">{t("projectSettings.flows.column.title")}</th>
                  <th scope="col">{t("projectSettings.flows.column.key")}</th>
                  <th scope="col">{t("projectSettings.flows.column.type")}</th>
                  <th scope="col" className="numeric">
                    {t("projectSettings.flows.column.fields")}
                  </th>
                  <th scope="col">{t("projectSettings.flows.column.status")}</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((flow) => (
                  <tr key={flow.id} data-testid="flow-row">
                    <td className="fluid-cell primary-cell">
                      <Link
                        href={flowHref(projectId, flow.id)}
                        className="table-link clip"
                        title={flow.title}
                      >
                        {flow.title}
                      </Link>
                    </td>
                    <td data-label={t("projectSettings.flows.column.key")}>
                      <code className="inline-code">{flow.key}</code>
                    </td>
                    <td data-label={t("projectSettings.flows.column.type")}>{flow.feedbackType}</td>
                    <td className="numeric" data-label={t("projectSettings.flows.column.fields")}>
                      {formatNumber(flow.fields.length)}
                    </td>
                    <td data-label={t("projectSettings.flows.column.status")}>
                      <span className={flow.status === "live" ? "badge badge-success" : "badge"}>
                        {t(flow.status === "live" ? "projects.status.live" : "projects.status.draft")}
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </ListStatus>
    </section>
  );
}
