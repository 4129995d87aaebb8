import { useState } from "react";
import { useLocation } from "wouter";
import type { PublishPreview } from "../../shared/publish-preview-api.ts";
import { useFormatters } from "../format/use-formatters.ts";
import { useT } from "../i18n/intl.ts";
import { Button } from "../shell/button.tsx";
import { listHref } from "../shell/list/use-list-query.ts";
import { confirmAction } from "../shell/overlay/confirm.ts";
import { runAction } from "../shell/overlay/run-action.ts";
import { deleteContent, findDelivery, setContentStatus } from "./content-actions.ts";
import { contentApi } from "./content-api.ts";
import { type ContentKind, outboundTypeOf } from "./content-kinds.ts";
import type { ContentStatus } from "./content-list-query.ts";
import { contentListPath } from "./content-paths.ts";
import { ContentStatusBadge } from "./content-status-badge.tsx";
import { publishDialogBody } from "./publish-dialog-body.ts";

/**
 * What publishing would do now, asked of the outbound that reaches visitors: the record itself, or a
 * news post's or survey's delivery. Null where nothing is pushed (tooltips, a record without a
 * delivery) or the question failed: the dialog then says what is always true.
 */
async function loadPreview(projectId: string, kind: ContentKind, id: string): Promise<PublishPreview | null> {
  try {
    if (outboundTypeOf[kind]) return await contentApi.publishPreview(projectId, id);
    if (kind !== "news" && kind !== "surveys") return null;
    const delivery = await findDelivery(projectId, kind, id);
    return delivery ? await contentApi.publishPreview(projectId, delivery.id) : null;
  } catch {
    return null;
  }
}

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
  startsAt,
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
  /** The scheduled start, where the kind has one: the dialog says it waits for it. */
  startsAt?: string | null;
  dirty: boolean;
  /** What deleting takes with it, where the kind says more than the default. */
  deleteBody?: string;
  onStatus: (status: ContentStatus) => void;
}) {
  const { t } = useT();
  const format = useFormatters();
  const [, navigate] = useLocation();

  const [asking, setAsking] = useState(false);

  const confirmStatus = (next: ContentStatus, body: string) =>
    confirmAction({
      type: next === "live" ? "info" : "warning",
      heading: t(next === "live" ? "content.publishTitle" : "content.unpublishTitle", { name }),
      body,
      confirmLabel: t(next === "live" ? "content.publish" : "content.unpublish"),
      onConfirm: async () => {
        const outcome = await runAction(
          () => setContentStatus(projectId, kind, id, next),
          next === "live" ? "content.published" : "content.unpublished",
        );
        if (outcome.ok) onStatus(next);
      },
    });

  const publish = async () => {
    if (asking) return;
    setAsking(true);
    const preview = await loadPreview(projectId, kind, id);
    setAsking(false);
    const facts =
      kind === "news" && !preview
        ? null
        : publishDialogBody({ t }, { preview, startsAt, formatDateTime: format.dateTime });
    const body = [kind === "news" ? t("content.publishNewsBody") : null, facts].filter(Boolean).join(" ");
    confirmStatus("live", body);
  };

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
            {t("content.liveFor", format.since(publishedAt))}
          </span>
        )}
        {dirty && <span className="subtle">{t("content.saveFirst")}</span>}
      </div>
      <div className="page-actions">
        {status === "live" ? (
          <Button
            variant="secondary"
            disabled={dirty}
            onClick={() => confirmStatus("draft", t("content.unpublishBody"))}
          >
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
