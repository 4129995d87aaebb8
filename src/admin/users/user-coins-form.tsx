import type { FormEvent } from "react";
import type { CoinsRequest, CoinsResult, UserDetail } from "../../shared/users-api.ts";
import { apiErrorMessage } from "../api/api-error.ts";
import { useT } from "../i18n/intl.ts";
import { FormActions } from "../shell/form/form-actions.tsx";
import { serverFieldError } from "../shell/form/form-errors.ts";
import { InputField, WholeNumberField } from "../shell/form/form-inputs.tsx";
import { useFormState } from "../shell/form/use-form-state.ts";
import { showToast } from "../shell/overlay/toast-store.ts";
import {
  amountRefusals,
  type CoinsForm,
  coinsFormErrors,
  coinsRequestFromForm,
  userMessage,
  userRefusalText,
  validateCoins,
} from "./user-edit-state.ts";
import { usersApi } from "./users-api.ts";
import "./user-form-styles.ts";

const emptyCoinsForm: CoinsForm = { amount: "", reason: "" };

/**
 * Credits or debits a user's Morphcoins with a reason (`POST /api/users/:id/coins`). The answer's balance
 * and ledger row go straight onto the screen (`onDone`), so the balance and the transactions agree.
 */
export function UserCoinsForm({ user, onDone }: { user: UserDetail; onDone: (result: CoinsResult) => void }) {
  const { t } = useT();
  const form = useFormState<CoinsForm>(emptyCoinsForm, validateCoins, userMessage);
  const { state } = form;
  const labels = { amount: t("user.coins.amount"), reason: t("user.coins.reason") };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.checkSubmit(event)) return;
    const applied = await form.save(
      async () => {
        const result = await usersApi.adjustCoins(user.id, coinsRequestFromForm(state) as CoinsRequest);
        showToast({
          type: "success",
          heading: "user.coins.done",
          body: t("user.coins.newBalance", { balance: result.balance }),
        });
        onDone(result);
      },
      (failure) => {
        const message = apiErrorMessage(failure);
        const fieldError = serverFieldError(failure);
        // A balance refusal names no field, but it is the amount that cannot be applied. The API's
        // `description` is the form's reason.
        const fields = fieldError
          ? coinsFormErrors(fieldError)
          : amountRefusals.includes(message)
            ? { amount: message }
            : null;
        form.refuseWithReason(fields, userRefusalText(message));
      },
    );
    // The form stays for the next change, empty and clean.
    if (applied) form.reset(emptyCoinsForm);
  };

  return (
    <section className="detail-card detail-wide" aria-labelledby="user-coins-title">
      <h2 id="user-coins-title">{t("user.coins.title")}</h2>
      <p className="subtle">
        {t("user.coins.balance", { balance: user.balance })} {t("user.coins.hint")}
      </p>
      <form noValidate onSubmit={submit}>
        <div className="form-row user-form-row">
          <WholeNumberField {...form.field("coins-amount", "amount", labels.amount)} />
          <InputField {...form.field("coins-reason", "reason", labels.reason)} />
        </div>
        <FormActions
          busy={form.busy}
          busyLabel={t("user.coins.applying")}
          submitLabel={t("user.coins.apply")}
          variant="secondary"
        />
      </form>
    </section>
  );
}
