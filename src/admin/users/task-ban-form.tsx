import { type FormEvent, useState } from "react";
import type { BanKind } from "../../shared/users-schemas.ts";
import { useT } from "../i18n/intl.ts";
import { Button } from "../shell/button.tsx";

/** Reason and optional number of days (empty: permanent) for a new task ban. */
export function TaskBanForm({
  kind,
  onSubmit,
}: {
  kind: BanKind;
  onSubmit: (ban: { reason: string; days: number | null }) => Promise<void>;
}) {
  const { t } = useT();
  const [reason, setReason] = useState("");
  const [days, setDays] = useState("");
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await onSubmit({ reason: reason.trim(), days: days ? Number(days) : null });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="ban-form" onSubmit={submit}>
      <label className="field" htmlFor={`${kind}-reason`}>
        {t("ban.reason")}
        <input
          id={`${kind}-reason`}
          name="reason"
          maxLength={500}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </label>
      <label className="field" htmlFor={`${kind}-days`}>
        {t("ban.days")}
        <input
          id={`${kind}-days`}
          name="days"
          type="number"
          min={1}
          max={3650}
          step={1}
          value={days}
          onChange={(event) => setDays(event.target.value)}
        />
      </label>
      <Button type="submit" size="sm" variant="secondary" disabled={busy}>
        {t("ban.set")}
      </Button>
    </form>
  );
}
