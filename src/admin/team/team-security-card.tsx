import { useId } from "react";
import { useT } from "../i18n/intl.ts";
import { useBusyAction } from "../shell/overlay/use-busy-action.ts";
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
  const { busy, run } = useBusyAction();
  const change = async (required: boolean) => {
    const outcome = await run(() => teamApi.setMfaRequired(required), "team.mfaSaved");
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
