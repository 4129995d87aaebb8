import { useLocation } from "wouter";
import { useFormatters } from "../format/use-formatters.ts";
import { useT } from "../i18n/intl.ts";
import { Button } from "../shell/button.tsx";
import { listHref } from "../shell/list/use-list-query.ts";
import { confirmAction } from "../shell/overlay/confirm.ts";
import { runAction } from "../shell/overlay/run-action.ts";
import { deleteContent, setContentStatus } from "./content-actions.ts";
import type { ContentKind } from "./content-kinds.ts";
import type { ContentStatus } from "./content-list-query.ts";
import { contentListPath } from "./content-paths.ts";
import { ContentStatusBadge } from "./content-status-badge.tsx";

/**
 * The saved record's status with publish or unpublish, and delete, each after a confirmation. Unsaved
 * changes are saved first by the admin (publishing would otherwise send the stored version): the
 * buttons wait while the form is dirty and say why.
 */
export function ContentPublishBar({
  projectId,
  kind,
  id,
  name,
  status,
  publishedAt,
  dirty,
  deleteBody,
  onStatus,
}: {
  projectId: string;
  kind: ContentKind;
  id: string;
  name: string;
  status: ContentStatus;
  publishedAt?: string | null;
  dirty: boolean;
  /** What deleting takes with it, where the kind says more than the default. */
  deleteBody?: string;
  onStatus: (status: ContentStatus) => void;
}) {
  const { t } = useT();
  const format = useFormatters();
  const [, navigate] = useLocation();

  const changeStatus = (next: ContentStatus) =>
    confirmAction({
      type: next === "live" ? "info" : "warning",
      heading: t(next === "live" ? "content.publishTitle" : "content.unpublishTitle", { name }),
      body: t(
        next === "live"
          ? kind === "news"
            ? "content.publishNewsBody"
            : "content.publishBody"
          : "content.unpublishBody",
      ),
      confirmLabel: t(next === "live" ? "content.publish" : "content.unpublish"),
      onConfirm: async () => {
        const outcome = await runAction(
          () => setContentStatus(projectId, kind, id, next),
          next === "live" ? "content.published" : "content.unpublished",
        );
        if (outcome.ok) onStatus(next);
      },
    });

  const remove = () =>
    confirmAction({
      type: "danger",
      heading: t("content.deleteTitle", { name }),
      body: deleteBody ?? t("content.deleteBody"),
      confirmLabel: t("content.delete"),
      onConfirm: async () => {
        const outcome = await runAction(() => deleteContent(projectId, kind, id), "content.deleted");
        if (outcome.ok) navigate(listHref(contentListPath(projectId, kind)));
      },
    });

  return (
    <div className="content-publish-bar detail-card">
      <div className="content-publish-state">
        <ContentStatusBadge status={status} />
        {status === "live" && publishedAt && (
          <span className="subtle" title={format.dateTime(publishedAt)}>
            {t("content.publishedAt", { when: format.ago(publishedAt) })}
          </span>
        )}
        {dirty && <span className="subtle">{t("content.saveFirst")}</span>}
      </div>
      <div className="page-actions">
        {status === "live" ? (
          <Button variant="secondary" disabled={dirty} onClick={() => changeStatus("draft")}>
            {t("content.unpublish")}
          </Button>
        ) : (
          <Button disabled={dirty} onClick={() => changeStatus("live")}>
            {t("content.publish")}
          </Button>
        )}
        <Button variant="tertiary" className="button-danger" onClick={remove}>
          {t("content.delete")}
        </Button>
      </div>
    </div>
  );
}
