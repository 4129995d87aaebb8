import type { FormEvent } from "react";
import type { MessagePrefix } from "../message-prefix.ts";
import { showToast } from "../overlay/toast-store.ts";

/** The message prefixes with a record's saved toasts, `{prefix}.created` and `{prefix}.updated`. */
type SavedPrefix = MessagePrefix<".created", ".updated">;

/** The part of a form's state (use-form-state.ts) a submit needs. */
interface SubmittingForm {
  checkSubmit: (event?: { currentTarget: EventTarget | null }) => boolean;
  save: (call: () => Promise<void>, refused?: (failure: unknown) => void) => Promise<boolean>;
}

/**
 * A create-or-edit form's submit: nothing is sent while a rule fails; else `write` saves the record, the
 * toast says `{messages}.updated` (when `editing`) or `.created`, and `onSaved` gets what the API answered.
 * A refusal goes to `refused`, by default the field the API names and its reason.
 */
export async function submitRecord<T>(
  form: SubmittingForm,
  event: FormEvent,
  {
    messages,
    editing,
    write,
    onSaved,
    refused,
  }: {
    messages: SavedPrefix;
    editing: boolean;
    write: () => Promise<T>;
    onSaved: (saved: T) => void;
    refused?: (failure: unknown) => void;
  },
): Promise<void> {
  event.preventDefault();
  if (!form.checkSubmit(event)) return;
  await form.save(async () => {
    const saved = await write();
    showToast({ type: "success", heading: editing ? `${messages}.updated` : `${messages}.created` });
    onSaved(saved);
  }, refused);
}
