import { type KeyboardEvent, type ReactNode, useRef } from "react";
import type { ContentLanguage } from "../../../shared/content-languages.ts";
import { useT } from "../../i18n/intl.ts";
import { adoptStyles } from "../area-styles.ts";
import languageTabsCss from "./language-tabs.css" with { type: "text" };
import "./language-tabs-messages.ts";

// Adopted when a screen with a switcher first renders, not bundled into the entry's stylesheet, which
// the sign-in route downloads (area-styles.ts says why).
adoptStyles(languageTabsCss);

/**
 * The language switcher of every content editor (help articles and collections, news, feedback flows):
 * one tab per language the widget speaks (src/shared/content-languages.ts), each over its panel. Every
 * panel stays mounted and only hides, so an editor keeps its history and caret across switches. A tab
 * says when its version has an error (so a refused save can point at a hidden one) and whether the
 * language is written at all; a panel of another language than English says that empty fields show
 * the English text. Arrow keys move between tabs (WAI-ARIA tabs).
 */
export function LanguageTabs({
  id,
  languages,
  current,
  onSelect,
  hasError = () => false,
  isWritten,
  fallbackHint = true,
  children,
}: {
  /** Prefix of the tabs' and panels' ids (`article` → `article-tab-de`, `article-panel-de`). */
  id: string;
  languages: readonly ContentLanguage[];
  current: ContentLanguage;
  onSelect(language: ContentLanguage): void;
  hasError?: (language: ContentLanguage) => boolean;
  /** Whether a language has a version; without it the panel says visitors get the English one. */
  isWritten?: (language: ContentLanguage) => boolean;
  /** false: the editor says itself what empty fields show (the panels then say nothing of it). */
  fallbackHint?: boolean;
  /** A language's fields. */
  children(language: ContentLanguage): ReactNode;
}) {
  const { t } = useT();
  const tabs = useRef(new Map<ContentLanguage, HTMLButtonElement>());
  const move = (event: KeyboardEvent, from: number) => {
    const step = { ArrowRight: 1, ArrowLeft: -1, Home: -from, End: languages.length - 1 - from }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const next = languages[(from + step + languages.length) % languages.length];
    if (!next) return;
    onSelect(next);
    tabs.current.get(next)?.focus();
  };

  return (
    <div className="language-tabs">
      <div role="tablist" aria-label={t("languages.label")} className="language-tablist">
        {languages.map((language, index) => (
          <button
            key={language}
            ref={(element) => {
              if (element) tabs.current.set(language, element);
              else tabs.current.delete(language);
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${language}`}
            aria-selected={current === language}
            aria-controls={`${id}-panel-${language}`}
            tabIndex={current === language ? 0 : -1}
            className="language-tab"
            data-testid={`${id}-tab-${language}`}
            onClick={() => onSelect(language)}
            onKeyDown={(event) => move(event, index)}
          >
            {t(`contentLanguage.${language}`)}
            {isWritten && language !== "en" && !isWritten(language) && (
              <span className="language-tab-empty">{t("languages.notWritten")}</span>
            )}
            {hasError(language) && (
              <span className="language-tab-error" title={t("languages.hasError")}>
                <span aria-hidden="true">!</span>
                <span className="visually-hidden">{t("languages.hasError")}</span>
              </span>
            )}
          </button>
        ))}
      </div>
      {languages.map((language) => (
        <div
          key={language}
          role="tabpanel"
          id={`${id}-panel-${language}`}
          aria-labelledby={`${id}-tab-${language}`}
          hidden={current !== language}
          lang={language}
          className="language-panel"
        >
          {language !== "en" && fallbackHint && (
            <p className="subtle language-hint">
              {t(isWritten && !isWritten(language) ? "languages.missing" : "languages.fallback", {
                language: t(`contentLanguage.${language}`),
              })}
            </p>
          )}
          {children(language)}
        </div>
      ))}
    </div>
  );
}
