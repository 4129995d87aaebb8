import { useFormatters } from "../format/use-formatters.ts";
import { useT } from "../i18n/intl.ts";
import { Button } from "../shell/button.tsx";
import type { ContentStatus } from "./content-list-query.ts";
import { ContentStatusBadge } from "./content-status-badge.tsx";
import { type PublishTarget, usePublishActions } from "./use-publish-actions.ts";

/**
 * The saved record's status with publish or unpublish, and delete, each after a confirmation. Unsaved
 * changes are saved first by the admin (publishing would otherwise send the stored version): the
 * buttons wait while the form is dirty and say why.
 */
export function ContentPublishBar({
  status,
  publishedAt,
  dirty,
  ...target
}: PublishTarget & {
  status: ContentStatus;
  publishedAt?: string | null;
  dirty: boolean;
}) {
  const { t } = useT();
  const format = useFormatters();
  const { asking, publish, unpublish, remove } = usePublishActions(target);

  return (
    <div className="content-publish-bar detail-card">
      <div className="content-publish-state">
        <ContentStatusBadge status={status} />
        {status === "live" && publishedAt && (
          <span className="subtle" title={format.dateTime(publishedAt)}>
            {t("content.liveFor", format.since(publishedAt))}
          </span>
        )}
        {dirty && <span className="subtle">{t("content.saveFirst")}</span>}
      </div>
      <div className="page-actions">
        {status === "live" ? (
          <Button variant="secondary" disabled={dirty} onClick={unpublish}>
            {t("content.unpublish")}
          </Button>
        ) : (
          // Not disabled while the preview loads: a disabled button loses the focus, which the dialog
          // gives back to its opener on close.
          <Button disabled={dirty} aria-busy={asking} onClick={publish}>
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
