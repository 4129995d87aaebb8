import { useT } from "../../i18n/intl.ts";
import { locales, setLocale } from "../../i18n/locale-store.ts";
import { PressedChoices } from "./pressed-choices.tsx";
import { ThemeSwitch } from "./theme-switch.tsx";

/** The flag strip (spec §2/§4): the active flag fully opaque, the other at 60 %; the colour scheme beside it. */
export function LanguageStrip() {
  const { locale, t } = useT();
  return (
    <div className="top-controls">
      <PressedChoices
        className="language-strip"
        legend={t("language.label")}
        choices={locales}
        chosen={locale}
        onChoose={setLocale}
        button={(code) => ({
          className: "flag-button",
          lang: code,
          title: t(`language.${code}`),
          children: <img src={`/flags/${code}.svg`} alt={t(`language.${code}`)} width={24} height={16} />,
        })}
      />
      <ThemeSwitch />
    </div>
  );
}
