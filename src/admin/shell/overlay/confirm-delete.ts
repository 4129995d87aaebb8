import type { MessageId } from "../../i18n/en-US.ts";
import type { Translator, Values } from "../../i18n/intl.ts";
import type { MessagePrefix } from "../message-prefix.ts";
import { confirmAction } from "./confirm.ts";
import { type ActionFailure, runAction } from "./run-action.ts";

/** The message prefixes with a record's delete question, button and toast. */
type DeletePrefix = MessagePrefix<
  ".confirm.deleteTitle",
  ".confirm.deleteBody" | ".action.delete" | ".deleted"
>;

/**
 * A record's delete, asked first in a danger dialog: `{messages}.confirm.deleteTitle` over
 * `.confirm.deleteBody` (both filled with `values`), confirmed with `confirmLabel` (by default
 * `.action.delete`). Then `remove` runs with the toast `.deleted` (or the error `failed` reads), and
 * `onDeleted` only when the server deleted it.
 */
export function confirmDelete(
  { t }: Translator,
  {
    messages,
    values,
    confirmLabel = `${messages}.action.delete`,
    remove,
    failed,
    onDeleted,
  }: {
    messages: DeletePrefix;
    values: Values;
    confirmLabel?: MessageId;
    remove: () => Promise<unknown>;
    failed?: (failure: unknown) => ActionFailure;
    onDeleted: () => void;
  },
): void {
  confirmAction({
    type: "danger",
    heading: t(`${messages}.confirm.deleteTitle`, values),
    body: t(`${messages}.confirm.deleteBody`, values),
    confirmLabel: t(confirmLabel),
    onConfirm: async () => {
      if ((await runAction(remove, `${messages}.deleted`, failed)).ok) onDeleted();
    },
  });
}
