import { useT } from "../i18n/intl.ts";
import { CopyButton } from "./copy-button.tsx";
import { widgetSnippet } from "./widget-snippet.ts";

/**
 * How to put the widget on a site: the one-line snippet with this server's address and the project's
 * SDK key, each with a copy button. The admin is served from the main origin (PUBLIC_URL), so the
 * page's own origin is the address the snippet loads the SDK from. The snippet sits in a read-only
 * text box: focusable, scrollable, and a click selects it whole for copying by hand.
 */
export function InstallCard({ sdkKey }: { sdkKey: string }) {
  const { t } = useT();
  const snippet = widgetSnippet(location.origin, sdkKey);
  return (
    <section className="detail-card settings-card" aria-labelledby="install-title">
      <h2 id="install-title" className="settings-card-title">
        {t("projectSettings.install.title")}
      </h2>
      <p className="subtle settings-card-lead">{t("projectSettings.install.lead")}</p>
      <div className="copy-row">
        <span className="copy-label">{t("projectSettings.install.sdkKey")}</span>
        <code className="inline-code" data-testid="sdk-key">
          {sdkKey}
        </code>
        <CopyButton text={sdkKey} label={t("projectSettings.install.copyKey")} />
      </div>
      <div className="snippet-head">
        <label className="copy-label" htmlFor="widget-snippet">
          {t("projectSettings.install.snippet")}
        </label>
        <CopyButton text={snippet} label={t("projectSettings.install.copySnippet")} testId="copy-snippet" />
      </div>
      <textarea
        id="widget-snippet"
        className="snippet-code"
        data-testid="snippet"
        readOnly
        rows={5}
        spellCheck={false}
        value={snippet}
        onFocus={(event) => event.currentTarget.select()}
      />
    </section>
  );
}
