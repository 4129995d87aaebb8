import type { ReactNode } from "react";
import { useSnapshot } from "valtio";
import { useT } from "../../i18n/intl.ts";
import { PressedChoices } from "./pressed-choices.tsx";
import { StrokeIcon } from "./stroke-icon.tsx";
import {
  resolveTheme,
  setThemePreference,
  type ThemePreference,
  themePreferences,
  themeState,
} from "./theme.ts";
import { darkSchemeQuery, useMediaQuery } from "./use-media-query.ts";

const icon = (path: ReactNode) => (
  <StrokeIcon size={18} roundJoins>
    {path}
  </StrokeIcon>
);

const icons: Record<ThemePreference, ReactNode> = {
  system: icon(<path d="M3 5h18v11H3zM8 20h8M12 16v4" />),
  light: icon(
    <>
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v2M12 20v2M2 12h2M20 12h2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
    </>,
  ),
  dark: icon(<path d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z" />),
};

/**
 * System, light or dark colours, beside the language flags and built like them: the chosen one is
 * pressed. "System" follows `prefers-color-scheme` and says which one that is now.
 */
export function ThemeSwitch() {
  const { t } = useT();
  const { preference } = useSnapshot(themeState);
  const systemDark = useMediaQuery(darkSchemeQuery);
  const label = (choice: ThemePreference) =>
    choice === "system"
      ? t("theme.systemNow", { theme: t(`theme.${resolveTheme("system", systemDark)}`) })
      : t(`theme.${choice}`);
  return (
    <PressedChoices
      className="theme-switch"
      legend={t("theme.label")}
      choices={themePreferences}
      chosen={preference}
      onChoose={setThemePreference}
      button={(choice) => ({
        className: "theme-button",
        "aria-label": label(choice),
        title: label(choice),
        "data-theme-choice": choice,
        children: icons[choice],
      })}
    />
  );
}
