import { useEffect, useRef, useState } from "react";
import { useSnapshot } from "valtio";
import { AssignedBadge, NewForYou } from "../assignments/new-for-you.tsx";
import { useT } from "../i18n/intl.ts";
import {
  type AlertPreferences,
  readAlertPreferences,
  subscribeAlertPreferences,
  writeAlertPreferences,
} from "./alert-preferences.ts";
import { alertState } from "./alert-store.ts";
import "../shell/layout/navigation-texts.ts";
import { InlineCheckbox } from "../shell/inline-checkbox.tsx";

/**
 * The top bar's bell on every screen: the count of work given to this admin and not opened yet, what
 * that work is (new-for-you.tsx), and the admin's alert choices for this browser.
 */
export function AlertSettings() {
  const { t } = useT();
  const { assigned } = useSnapshot(alertState);
  const [open, setOpen] = useState(false);
  const menu = useRef<HTMLDetailsElement>(null);
  const label =
    assigned > 0
      ? `${t("assignments.mineLabel", { count: assigned })} · ${t("alerts.settings")}`
      : t("alerts.settings");
  return (
    <details
      ref={menu}
      className="alert-settings"
      data-testid="alert-menu"
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="alert-settings-button" aria-label={label} title={label}>
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          width="20"
          height="20"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
          <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
        </svg>
        <AssignedBadge />
      </summary>
      <div className="alert-settings-panel">
        <NewForYou
          open={open}
          onPick={() => {
            if (menu.current) menu.current.open = false;
          }}
        />
        <p className="alert-settings-title">{t("alerts.settings")}</p>
        <AlertChoices />
      </div>
    </details>
  );
}

/**
 * The alert choices themselves, in the bell and on the profile page. Turning desktop notifications on
 * asks the browser's permission (once: a refusal is the browser's to undo, and the box says so).
 */
export function AlertChoices() {
  const { t } = useT();
  const [preferences, setPreferences] = useState<AlertPreferences>(() => readAlertPreferences());
  const [blocked, setBlocked] = useState(
    () => "Notification" in window && Notification.permission === "denied",
  );
  useEffect(() => subscribeAlertPreferences(() => setPreferences(readAlertPreferences())), []);

  const save = (next: AlertPreferences) => writeAlertPreferences(next);

  const setDesktop = async (on: boolean) => {
    if (!on || !("Notification" in window)) return save({ ...preferences, desktop: false });
    const permission =
      Notification.permission === "default"
        ? await Notification.requestPermission()
        : Notification.permission;
    setBlocked(permission === "denied");
    save({ ...preferences, desktop: permission === "granted" });
  };

  return (
    <>
      <InlineCheckbox
        className="alert-settings-choice"
        name="alertSound"
        label={t("alerts.sound")}
        checked={preferences.sound}
        onChange={(sound) => save({ ...preferences, sound })}
      />
      <InlineCheckbox
        className="alert-settings-choice"
        name="alertDesktop"
        label={t("alerts.desktop")}
        checked={preferences.desktop}
        disabled={blocked || !("Notification" in window)}
        onChange={(desktop) => void setDesktop(desktop)}
      />
      {blocked && <p className="alert-settings-note">{t("alerts.desktopBlocked")}</p>}
    </>
  );
}
