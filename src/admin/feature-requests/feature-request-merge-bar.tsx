import { useState } from "react";
import type { AdminFeatureRequest } from "../../shared/feature-requests-api.ts";
import { apiErrorMessage } from "../api/api-error.ts";
import { useT } from "../i18n/intl.ts";
import { Button } from "../shell/button.tsx";
import { BulkBar } from "../shell/list/bulk-bar.tsx";
import { confirmAction } from "../shell/overlay/confirm.ts";
import { showToast } from "../shell/overlay/toast-store.ts";
import { defaultKept, duplicatesOf } from "./feature-request-merge-choice.ts";
import { featureRequestsApi } from "./feature-requests-api.ts";

/**
 * The bar over the board while requests are ticked: which one to keep (the most voted unless the
 * admin picks another) and Merge, which folds the others into it after a confirmation.
 */
export function FeatureRequestMergeBar({
  projectId,
  selected,
  onDone,
  onClear,
}: {
  projectId: string;
  /** The ticked rows of the page on screen. */
  selected: AdminFeatureRequest[];
  onDone: () => void;
  onClear: () => void;
}) {
  const { t, translate } = useT();
  const [picked, setPicked] = useState<string | null>(null);
  if (selected.length === 0) return null;
  // A picked request that is no longer ticked gives way to the default among what is.
  const keptRow =
    selected.find((row) => row.id === picked) ??
    selected.find((row) => row.id === defaultKept(selected)) ??
    null;
  const duplicates = keptRow
    ? duplicatesOf(
        selected.map((row) => row.id),
        keptRow.id,
      )
    : [];

  const merge = async () => {
    if (!keptRow) return;
    try {
      const merged = await featureRequestsApi.merge(projectId, keptRow.id, { duplicateIds: duplicates });
      showToast({
        type: "success",
        heading: t("featureRequests.merged", { count: duplicates.length }),
        body: t("featureRequests.mergedBody", { title: merged.title, votes: merged.votes }),
      });
      onDone();
    } catch (failure) {
      showToast({ type: "error", heading: "toast.error", body: translate(apiErrorMessage(failure)) });
    }
  };

  const ask = () =>
    keptRow &&
    confirmAction({
      type: "warning",
      heading: t("featureRequests.merge.heading", { count: duplicates.length, title: keptRow.title }),
      body: t("featureRequests.merge.body"),
      confirmLabel: t("featureRequests.merge.button"),
      onConfirm: merge,
    });

  return (
    <BulkBar
      selected={t("featureRequests.bulk.selected", { count: selected.length })}
      clear={t("featureRequests.bulk.clear")}
      onClear={onClear}
    >
      {selected.length < 2 ? (
        <span className="subtle merge-hint">{t("featureRequests.merge.needTwo")}</span>
      ) : (
        <>
          <label className="filter-field merge-keep">
            <span>{t("featureRequests.merge.keep")}</span>
            <select
              data-testid="merge-keep"
              value={keptRow?.id ?? ""}
              onChange={(event) => setPicked(event.target.value)}
            >
              {selected.map((row) => (
                <option key={row.id} value={row.id}>
                  {t("featureRequests.merge.option", { title: row.title, votes: row.votes })}
                </option>
              ))}
            </select>
          </label>
          <Button size="sm" variant="secondary" onClick={ask}>
            {t("featureRequests.merge.button")}
          </Button>
        </>
      )}
    </BulkBar>
  );
}
