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
  confirmRemoval({
    heading: t(`${messages}.confirm.deleteTitle`, values),
    body: t(`${messages}.confirm.deleteBody`, values),
    confirmLabel: t(confirmLabel),
    remove,
    done: `${messages}.deleted`,
    failed,
    onRemoved: onDeleted,
  });
}

/**
 * A removal asked first in a danger dialog (texts already translated, or message ids). Once confirmed,
 * `remove` runs with the toast `done` (or the error `failed` reads), and `onRemoved` only when the
 * server removed it.
 */
export function confirmRemoval({
  heading,
  body,
  confirmLabel,
  remove,
  done,
  failed,
  onRemoved,
}: {
  heading: string;
  body?: string;
  confirmLabel: string;
  remove: () => Promise<unknown>;
  done: MessageId;
  failed?: (failure: unknown) => ActionFailure;
  onRemoved: () => void;
}): void {
  confirmAction({
    type: "danger",
    heading,
    body,
    confirmLabel,
    onConfirm: async () => {
      if ((await runAction(remove, done, failed)).ok) onRemoved();
    },
  });
}
