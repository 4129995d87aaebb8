import { type FormEvent, useState } from "react";
import type { CoinsRequest, CoinsResult, UserDetail } from "../../shared/users-schemas.ts";
import { apiErrorMessage } from "../api/api-error.ts";
import { useT } from "../i18n/intl.ts";
import { Button } from "../shell/button.tsx";
import { type FieldErrors, serverFieldError } from "../shell/form-errors.ts";
import { FormField } from "../shell/form-field.tsx";
import { showToast } from "../shell/toast-store.ts";
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
import "./user-forms.css";

const emptyCoinsForm: CoinsForm = { amount: "", reason: "" };

/**
 * Credits or debits a user's Morphcoins with a reason (`POST /api/users/:id/coins`). The answer's balance
 * and ledger row go straight onto the screen (`onDone`), so the balance and the transactions agree.
 */
export function UserCoinsForm({ user, onDone }: { user: UserDetail; onDone: (result: CoinsResult) => void }) {
  const tr = useT();
  const { t, formatNumber } = tr;
  const [form, setForm] = useState<CoinsForm>(emptyCoinsForm);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const errors: FieldErrors = { ...serverErrors, ...(submitted ? validateCoins(form) : {}) };
  const labels = { amount: t("user.coins.amount"), reason: t("user.coins.reason") };
  const errorOf = (field: keyof CoinsForm) => {
    const message = errors[field];
    return message ? userMessage(tr, message, labels[field]) : null;
  };

  const change = (next: Partial<CoinsForm>) => {
    setForm((current) => ({ ...current, ...next }));
    if (Object.keys(next).some((field) => field in serverErrors)) setServerErrors({});
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(validateCoins(form)).length > 0) {
      showToast({ type: "error", heading: "form.invalid" });
      return;
    }
    setBusy(true);
    try {
      const result = await usersApi.adjustCoins(user.id, coinsRequestFromForm(form) as CoinsRequest);
      showToast({
        type: "success",
        heading: "user.coins.done",
        body: t("user.coins.newBalance", { balance: formatNumber(result.balance) }),
      });
      setForm(emptyCoinsForm);
      setSubmitted(false);
      onDone(result);
    } catch (failure) {
      const message = apiErrorMessage(failure);
      const fieldError = serverFieldError(failure);
      if (fieldError) setServerErrors(coinsFormErrors(fieldError));
      else if (amountRefusals.includes(message)) setServerErrors({ amount: message });
      showToast({ type: "error", heading: "toast.error", body: userRefusalText(message) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="detail-card detail-wide" aria-labelledby="user-coins-title">
      <h2 id="user-coins-title">{t("user.coins.title")}</h2>
      <p className="subtle">
        {t("user.coins.balance", { balance: formatNumber(user.balance) })} {t("user.coins.hint")}
      </p>
      <form noValidate onSubmit={submit}>
        <div className="form-row user-form-row">
          <FormField id="coins-amount" label={labels.amount} error={errorOf("amount")}>
            {(props) => (
              <input
                {...props}
                name="amount"
                type="number"
                inputMode="numeric"
                step={1}
                value={form.amount}
                onChange={(event) => change({ amount: event.target.value })}
              />
            )}
          </FormField>
          <FormField id="coins-reason" label={labels.reason} error={errorOf("reason")}>
            {(props) => (
              <input
                {...props}
                name="reason"
                maxLength={250}
                value={form.reason}
                onChange={(event) => change({ reason: event.target.value })}
              />
            )}
          </FormField>
        </div>
        <div className="page-actions">
          <Button type="submit" variant="secondary" disabled={busy}>
            {busy ? t("user.coins.applying") : t("user.coins.apply")}
          </Button>
        </div>
      </form>
    </section>
  );
}
