import { type FormEvent, useState } from "react";
import type { BanKind } from "../../shared/users-api.ts";
import { useT } from "../i18n/intl.ts";
import { Button } from "../shell/button.tsx";
import { InputField, WholeNumberField } from "../shell/form/form-inputs.tsx";
import { useFormState } from "../shell/form/use-form-state.ts";
import {
  emptyTaskBanForm,
  type TaskBanFormState,
  taskBanFromForm,
  validateTaskBanForm,
} from "./task-ban-form-state.ts";

/**
 * Reason and optional number of days (empty: permanent) for a new task ban, checked with the API's rules
 * at their fields before `onSubmit` gets the ban (the card asks for a confirmation, then sets it).
 */
export function TaskBanForm({
  kind,
  onSubmit,
}: {
  kind: BanKind;
  onSubmit: (ban: { reason: string; days: number | null }) => Promise<void>;
}) {
  const { t } = useT();
  const form = useFormState<TaskBanFormState>(emptyTaskBanForm, validateTaskBanForm);
  const { state } = form;
  // Not the form's save: the card confirms first, and a ban that is set replaces this form, so the
  // values stay unsaved (and leaving asks) until then.
  const [busy, setBusy] = useState(false);
  const labels = { reason: t("ban.reason"), days: t("ban.days") };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.checkSubmit(event)) return;
    setBusy(true);
    try {
      await onSubmit(taskBanFromForm(state));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="ban-form" noValidate onSubmit={submit}>
      <InputField {...form.field(`${kind}-reason`, "reason", labels.reason)} />
      <WholeNumberField {...form.field(`${kind}-days`, "days", labels.days)} min={1} max={3650} />
      <Button type="submit" size="sm" variant="secondary" disabled={busy}>
        {t("ban.set")}
      </Button>
    </form>
  );
}
