import { useT } from "../../i18n/intl.ts";
import { locales, setLocale } from "../../i18n/locale-store.ts";
import { ThemeSwitch } from "./theme-switch.tsx";

/** The flag strip (spec §2/§4): the active flag fully opaque, the other at 60 %; the colour scheme beside it. */
export function LanguageStrip() {
  const { locale, t } = useT();
  return (
    <div className="top-controls">
      <fieldset className="language-strip">
        <legend className="visually-hidden">{t("language.label")}</legend>
        {locales.map((code) => (
          <button
            key={code}
            type="button"
            className="flag-button"
            aria-pressed={code === locale}
            lang={code}
            onClick={() => setLocale(code)}
            title={t(`language.${code}`)}
          >
            <img src={`/flags/${code}.svg`} alt={t(`language.${code}`)} width={24} height={16} />
          </button>
        ))}
      </fieldset>
      <ThemeSwitch />
    </div>
  );
}
