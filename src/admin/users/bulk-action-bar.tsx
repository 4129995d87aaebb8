import { type BulkUserAction, bulkUserActions } from "../../shared/users-api.ts";
import { useT } from "../i18n/intl.ts";
import { BulkActionButtons, BulkBar, type BulkBarProps } from "../shell/list/bulk-bar.tsx";
import { confirmAction } from "../shell/overlay/confirm.ts";
import { runAction } from "../shell/overlay/run-action.ts";
import { usersApi } from "./users-api.ts";

/**
 * Ban or enable the selected users together (`POST /api/users/bulk`), after a confirmation; the toast
 * tells how many changed and why any were skipped (own account, last admin…).
 */
export function BulkActionBar({ ids, onDone, onClear }: BulkBarProps) {
  const { t, translate } = useT();
  const count = ids.length;

  const run = async (action: BulkUserAction) => {
    const outcome = await runAction(
      () => usersApi.bulk(ids, action),
      (result) => {
        const skipped = result.skipped.length;
        const reasons = [...new Set(result.skipped.map((item) => translate(item.error)))].join("; ");
        return {
          type: skipped ? "warning" : "success",
          heading: t(action === "ban" ? "users.bulk.banned" : "users.bulk.enabled", {
            count: result.updated,
          }),
          body: skipped ? t("users.bulk.skipped", { count: skipped, reasons }) : "",
        };
      },
    );
    if (outcome.ok) onDone();
  };

  const ask = (action: BulkUserAction) =>
    confirmAction({
      type: action === "ban" ? "danger" : "info",
      heading: t(action === "ban" ? "users.bulk.banTitle" : "users.bulk.enableTitle", { count }),
      body: t(action === "ban" ? "users.bulk.banBody" : "users.bulk.enableBody"),
      confirmLabel: t(action === "ban" ? "users.bulk.ban" : "users.bulk.enable"),
      onConfirm: () => void run(action),
    });

  if (count === 0) return null;
  return (
    <BulkBar selected={t("users.bulk.selected", { count })} clear={t("users.bulk.clear")} onClear={onClear}>
      <BulkActionButtons
        actions={bulkUserActions.map((action) => ({
          label: t(`users.bulk.${action}`),
          onClick: () => ask(action),
        }))}
      />
    </BulkBar>
  );
}
