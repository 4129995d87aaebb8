import { useEffect, useState } from "react";
import type { AdminProfile } from "../../shared/profile-api.ts";
import { useT } from "../i18n/intl.ts";
import { runAction } from "../shell/overlay/run-action.ts";
import { profileApi } from "./profile-api.ts";

/**
 * Whether this admin gets the unread-alert e-mail for conversations nobody is assigned to. Those
 * assigned to them are mailed about either way; unassigned ones only to admins who tick this, so a
 * flood of conversations does not mail the whole team. Saved as soon as it is ticked.
 */
export function UnreadMailCard({
  profile,
  onSaved,
}: {
  profile: AdminProfile;
  onSaved: (profile: AdminProfile) => void;
}) {
  const { t } = useT();
  const [busy, setBusy] = useState(false);
  // The box follows the click at once; a refused save puts it back.
  const [checked, setChecked] = useState(profile.unassignedUnreadMail);
  useEffect(() => setChecked(profile.unassignedUnreadMail), [profile.unassignedUnreadMail]);

  const change = async (unassigned: boolean) => {
    setChecked(unassigned);
    setBusy(true);
    const outcome = await runAction(
      () => profileApi.setUnreadMail(unassigned),
      unassigned ? "profile.unreadMailOn" : "profile.unreadMailOff",
    );
    setBusy(false);
    if (outcome.ok) onSaved(outcome.value);
    else setChecked(!unassigned);
  };

  return (
    <section className="detail-card profile-form" aria-labelledby="profile-unread-mail-title">
      <h2 id="profile-unread-mail-title">{t("profile.unreadMail")}</h2>
      <div className="profile-check">
        <input
          id="profile-unread-mail"
          type="checkbox"
          checked={checked}
          disabled={busy}
          aria-describedby="profile-unread-mail-hint"
          data-testid="profile-unread-mail"
          onChange={(event) => change(event.target.checked)}
        />
        <div>
          <label htmlFor="profile-unread-mail">{t("profile.unreadMailUnassigned")}</label>
          <p id="profile-unread-mail-hint" className="field-hint subtle">
            {t("profile.unreadMailHint")}
          </p>
        </div>
      </div>
    </section>
  );
}
