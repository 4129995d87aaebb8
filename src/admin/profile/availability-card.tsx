import { useState } from "react";
import type { AdminProfile } from "../../shared/profile-api.ts";
import { useT } from "../i18n/intl.ts";
import { runAction } from "../shell/overlay/run-action.ts";
import { profileApi } from "./profile-api.ts";

/**
 * Whether this admin takes new work (issue 24, round-robin): projects that assign new conversations
 * and reports round-robin give them only to available admins. Saved as soon as it is ticked.
 */
export function AvailabilityCard({
  profile,
  onSaved,
}: {
  profile: AdminProfile;
  onSaved: (profile: AdminProfile) => void;
}) {
  const { t } = useT();
  const [busy, setBusy] = useState(false);

  const change = async (available: boolean) => {
    setBusy(true);
    const outcome = await runAction(
      () => profileApi.setAvailability(available),
      available ? "profile.availableOn" : "profile.availableOff",
    );
    setBusy(false);
    if (outcome.ok) onSaved(outcome.value);
  };

  return (
    <section className="detail-card profile-form" aria-labelledby="profile-availability-title">
      <h2 id="profile-availability-title">{t("profile.availability")}</h2>
      <div className="profile-check">
        <input
          id="profile-available"
          type="checkbox"
          checked={profile.available}
          disabled={busy}
          aria-describedby="profile-available-hint"
          data-testid="profile-available"
          onChange={(event) => change(event.target.checked)}
        />
        <div>
          <label htmlFor="profile-available">{t("profile.available")}</label>
          <p id="profile-available-hint" className="field-hint subtle">
            {t("profile.availableHint")}
          </p>
        </div>
      </div>
    </section>
  );
}
