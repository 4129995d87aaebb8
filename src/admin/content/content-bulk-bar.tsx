import { apiErrorMessage } from "../api/api-error.ts";
import { useT } from "../i18n/intl.ts";
import { BulkActionButtons, BulkBar, type BulkBarProps } from "../shell/list/bulk-bar.tsx";
import { confirmAction } from "../shell/overlay/confirm.ts";
import { showToast } from "../shell/overlay/toast-store.ts";
import { deleteContent, setContentStatus } from "./content-actions.ts";
import type { ContentKind } from "./content-kinds.ts";

const bulkActions = ["publish", "unpublish", "delete"] as const;
type BulkAction = (typeof bulkActions)[number];

/**
 * Publish, unpublish or delete the selected rows after a confirmation. The APIs act on one record at a
 * time, so the rows go one after the other; the toast says how many changed and why any did not.
 */
export function ContentBulkBar({
  projectId,
  kind,
  ids,
  onDone,
  onClear,
}: BulkBarProps & { projectId: string; kind: ContentKind }) {
  const { t, translate } = useT();
  const count = ids.length;

  const run = async (action: BulkAction) => {
    const failures: string[] = [];
    for (const id of ids) {
      try {
        if (action === "delete") await deleteContent(projectId, kind, id);
        else await setContentStatus(projectId, kind, id, action === "publish" ? "live" : "draft");
      } catch (failure) {
        failures.push(translate(apiErrorMessage(failure)));
      }
    }
    const changed = count - failures.length;
    showToast({
      type: failures.length === 0 ? "success" : changed === 0 ? "error" : "warning",
      heading: t(action === "delete" ? "content.bulk.deleted" : "content.bulk.done", { count: changed }),
      body: failures.length
        ? t("content.bulk.failed", { count: failures.length, reasons: [...new Set(failures)].join("; ") })
        : "",
    });
    onDone();
  };

  const ask = (action: BulkAction) =>
    confirmAction({
      type: action === "delete" ? "danger" : "info",
      heading: t(`content.bulk.${action}Title`, { count }),
      body: t(`content.bulk.${action}Body`, { count }),
      confirmLabel: t(`content.bulk.${action}`),
      onConfirm: () => run(action),
    });

  if (count === 0) return null;
  return (
    <BulkBar
      selected={t("content.bulk.selected", { count })}
      clear={t("content.bulk.clear")}
      onClear={onClear}
    >
      <BulkActionButtons
        actions={bulkActions.map((action) => ({
          label: t(`content.bulk.${action}`),
          onClick: () => ask(action),
        }))}
      />
    </BulkBar>
  );
}
