import { useState } from "react";
import { useLocation } from "wouter";
import type { PublishPreview } from "../../shared/publish-preview-api.ts";
import { useFormatters } from "../format/use-formatters.ts";
import { useT } from "../i18n/intl.ts";
import { listHref } from "../shell/list/use-list-query.ts";
import { confirmAction } from "../shell/overlay/confirm.ts";
import { confirmRemoval } from "../shell/overlay/confirm-delete.ts";
import { runAction } from "../shell/overlay/run-action.ts";
import { deleteContent, findDelivery, setContentStatus } from "./content-actions.ts";
import { contentApi } from "./content-api.ts";
import { type ContentKind, outboundTypeOf } from "./content-kinds.ts";
import type { ContentStatus } from "./content-list-query.ts";
import { contentListPath } from "./content-paths.ts";
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

/** The saved record the publish bar acts on, and what it tells the editor. */
export interface PublishTarget {
  projectId: string;
  kind: ContentKind;
  id: string;
  name: string;
  /** The scheduled start, where the kind has one: the dialog says it waits for it. */
  startsAt?: string | null;
  /** What deleting takes with it, where the kind says more than the default. */
  deleteBody?: string;
  onStatus: (status: ContentStatus) => void;
}

/**
 * The publish bar's actions on a saved record, each after a confirmation: publish (the dialog says
 * what publishing would do, `asking` while it asks the server), unpublish, and delete (back to the
 * kind's list).
 */
export function usePublishActions({
  projectId,
  kind,
  id,
  name,
  startsAt,
  deleteBody,
  onStatus,
}: PublishTarget) {
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
    confirmRemoval({
      heading: t("content.deleteTitle", { name }),
      body: deleteBody ?? t("content.deleteBody"),
      confirmLabel: t("content.delete"),
      remove: () => deleteContent(projectId, kind, id),
      done: "content.deleted",
      onRemoved: () => navigate(listHref(contentListPath(projectId, kind))),
    });

  const unpublish = () => confirmStatus("draft", t("content.unpublishBody"));

  return { asking, publish, unpublish, remove };
}
