import { useT } from "../i18n/intl.ts";
import { FormActions, FormCancelLink, FormDeleteButton } from "../shell/form/form-actions.tsx";
import { confirmRemoval } from "../shell/overlay/confirm-delete.ts";

/** A help form's footer: save, cancel back to `back`, and delete while editing (`onDelete`). */
export function HelpFormActions({
  busy,
  back,
  onDelete,
}: {
  busy: boolean;
  back: string;
  onDelete: (() => void) | null;
}) {
  const { t } = useT();
  return (
    <FormActions busy={busy} busyLabel={t("help.saving")} submitLabel={t("help.save")}>
      <FormCancelLink href={back}>{t("confirm.cancel")}</FormCancelLink>
      {onDelete && <FormDeleteButton onDelete={onDelete}>{t("help.delete")}</FormDeleteButton>}
    </FormActions>
  );
}

/** Asks before a collection or an article is deleted (texts translated or message ids), then deletes it. */
export function confirmHelpDelete({
  heading,
  body,
  remove,
  onDeleted,
}: {
  heading: string;
  body: string;
  remove: () => Promise<unknown>;
  onDeleted: () => void;
}): void {
  confirmRemoval({
    heading,
    body,
    confirmLabel: "help.delete",
    remove,
    done: "help.deleted",
    onRemoved: onDeleted,
  });
}
