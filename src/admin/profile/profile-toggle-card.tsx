import { useEffect, useState } from "react";
import type { AdminProfile } from "../../shared/profile-api.ts";
import type { MessageId } from "../i18n/en-US.ts";
import { useT } from "../i18n/intl.ts";
import { useBusyAction } from "../shell/overlay/use-busy-action.ts";

export interface ProfileToggle {
  /** Names the card's ids and test id (`profile-{name}`). */
  name: string;
  title: MessageId;
  label: MessageId;
  hint: MessageId;
  /** The toasts when it is saved on and off. */
  savedOn: MessageId;
  savedOff: MessageId;
  value: (profile: AdminProfile) => boolean;
  save: (on: boolean) => Promise<AdminProfile>;
}

/**
 * One setting of the admin's own profile as a checkbox card, saved as soon as it is ticked: the box
 * follows the click at once, and a refused save puts it back.
 */
export function ProfileToggleCard({
  toggle,
  profile,
  onSaved,
}: {
  toggle: ProfileToggle;
  profile: AdminProfile;
  onSaved: (profile: AdminProfile) => void;
}) {
  const { t } = useT();
  const { busy, run } = useBusyAction();
  const saved = toggle.value(profile);
  const [checked, setChecked] = useState(saved);
  useEffect(() => setChecked(saved), [saved]);
  const id = `profile-${toggle.name}`;

  const change = async (on: boolean) => {
    setChecked(on);
    const outcome = await run(() => toggle.save(on), on ? toggle.savedOn : toggle.savedOff);
    if (outcome.ok) onSaved(outcome.value);
    else setChecked(!on);
  };

  return (
    <section className="detail-card profile-form" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t(toggle.title)}</h2>
      <div className="profile-check">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          disabled={busy}
          aria-describedby={`${id}-hint`}
          data-testid={id}
          onChange={(event) => change(event.target.checked)}
        />
        <div>
          <label htmlFor={id}>{t(toggle.label)}</label>
          <p id={`${id}-hint`} className="field-hint subtle">
            {t(toggle.hint)}
          </p>
        </div>
      </div>
    </section>
  );
}
