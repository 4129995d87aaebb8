import { useT } from "../i18n/intl.ts";
import { useOwnOrigins } from "../inbox/own-origins.ts";
import { CodeBlock } from "./code-block.tsx";
import { CopyButton } from "./copy-button.tsx";
import { cspLines, websocketOriginOf } from "./csp-lines.ts";
import { IdentifyAdvice } from "./identify-advice.tsx";
import { InstallationStatus } from "./installation-status.tsx";
import { SettingsCard } from "./settings-card.tsx";
import { consentLine, widgetSnippet } from "./widget-snippet.ts";

/**
 * How to put the widget on a site: the one-line snippet with this server's address and the project's
 * SDK key; in the project's consent mode, the line the site runs when a visitor accepts cookies; how
 * to identify users, with identity verification recommended; the CSP lines a strict site adds; and
 * whether the snippet has been seen yet. The admin is served from the main origin (PUBLIC_URL), so the
 * page's own origin is the address the snippet loads the SDK from. `waitsForConsent` and
 * `identityVerification` are the saved settings, not the form's unsaved ones.
 */
export function InstallCard({
  projectId,
  sdkKey,
  waitsForConsent,
  allowedOrigins,
  identityVerification,
}: {
  projectId: string;
  sdkKey: string;
  waitsForConsent: boolean;
  /** The saved list: the check marks the origins it leaves out. */
  allowedOrigins: readonly string[];
  identityVerification: boolean;
}) {
  const { t } = useT();
  // The messenger's origin, second of our own when it is another; the admin's own until it is known.
  const messengerOrigin = useOwnOrigins()?.[1] ?? location.origin;
  const snippet = widgetSnippet(location.origin, sdkKey);
  const csp = cspLines({
    mainOrigin: location.origin,
    messengerOrigin,
    websocketOrigin: websocketOriginOf(location.origin),
  }).join(";\n");
  return (
    <SettingsCard
      id="install-title"
      title={t("projectSettings.install.title")}
      lead={t("projectSettings.install.lead")}
    >
      <InstallationStatus
        projectId={projectId}
        waitsForConsent={waitsForConsent}
        allowedOrigins={allowedOrigins}
      />
      <div className="copy-row">
        <span className="copy-label">{t("projectSettings.install.sdkKey")}</span>
        <code className="inline-code" data-testid="sdk-key">
          {sdkKey}
        </code>
        <CopyButton text={sdkKey} label={t("projectSettings.install.copyKey")} />
      </div>
      <CodeBlock
        id="snippet"
        label={t("projectSettings.install.snippet")}
        copyLabel={t("projectSettings.install.copySnippet")}
        text={snippet}
        rows={5}
      />
      <p className="install-mode" data-testid="install-mode">
        {t(waitsForConsent ? "projectSettings.install.modeConsent" : "projectSettings.install.modeOpen")}
      </p>
      {waitsForConsent && (
        <CodeBlock
          id="consent-line"
          label={t("projectSettings.install.consentLine")}
          copyLabel={t("projectSettings.install.copyConsent")}
          text={consentLine}
          rows={1}
        />
      )}
      <IdentifyAdvice verified={identityVerification} />
      <h3 className="install-subtitle">{t("projectSettings.install.cspTitle")}</h3>
      <p className="install-lead subtle">{t("projectSettings.install.cspLead")}</p>
      <CodeBlock
        id="csp-lines"
        label={t("projectSettings.install.cspTitle")}
        copyLabel={t("projectSettings.install.copyCsp")}
        text={csp}
        rows={6}
      />
    </SettingsCard>
  );
}
