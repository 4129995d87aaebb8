import { useId, useState } from "react";
import { useT } from "../i18n/intl.ts";
import { runAction } from "../shell/overlay/run-action.ts";
import { teamApi } from "./team-api.ts";

/** The workspace's two-factor rule for new members: owners change it, admins see it. */
export function TeamSecurityCard({
  mfaRequired,
  editable,
  onChanged,
}: {
  mfaRequired: boolean;
  editable: boolean;
  onChanged: () => void;
}) {
  const { t } = useT();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const change = async (required: boolean) => {
    setBusy(true);
    const outcome = await runAction(() => teamApi.setMfaRequired(required), "team.mfaSaved");
    setBusy(false);
    if (outcome.ok) onChanged();
  };
  return (
    <section className="detail-card team-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t("team.security")}</h2>
      <div className="team-check">
        <input
          id={`${id}-mfa`}
          type="checkbox"
          checked={mfaRequired}
          disabled={!editable || busy}
          aria-describedby={`${id}-mfa-hint`}
          onChange={(event) => change(event.target.checked)}
        />
        <div>
          <label htmlFor={`${id}-mfa`}>{t("team.mfaRequired")}</label>
          <p className="subtle" id={`${id}-mfa-hint`}>
            {t("team.mfaRequiredHint")}
          </p>
        </div>
      </div>
    </section>
  );
}
