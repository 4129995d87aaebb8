import { type CSSProperties, useLayoutEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import type { FlowConfig } from "../../shared/widget-config-api.ts";
import { textColorFor } from "../../widget/common/text-colour.ts";
import {
  badgeText,
  launcherLabel,
  modernRadius,
  offset,
  type Placement,
  placementFor,
  tabRadius,
  tabText,
} from "../../widget/launcher/launcher-model.ts";
import { launcherStyles } from "../../widget/launcher/launcher-styles.ts";
import { useT } from "../i18n/intl.ts";
import { CheckField } from "../shell/form/check-field.tsx";

// The launcher's chat icon (src/widget/launcher/launcher-chunk.ts draws the same path).
const chatPath =
  "M12 3C6.5 3 2 6.9 2 11.6c0 2.3 1.1 4.4 2.9 6L4 21.5a.5.5 0 0 0 .7.6l4.4-2.1c.9.2 1.9.3 2.9.3 5.5 0 10-3.9 10-8.7S17.5 3 12 3Z";
const closePath = "M6 6l12 12M18 6 6 18";

/** The launcher's own stylesheet, made once: adopted by each preview's shadow root (no inline `<style>`, which the admin's CSP forbids). */
let launcherSheet: CSSStyleSheet | null = null;
function sheet(): CSSStyleSheet {
  if (!launcherSheet) {
    launcherSheet = new CSSStyleSheet();
    launcherSheet.replaceSync(launcherStyles);
  }
  return launcherSheet;
}

/** A shadow root on the element `ref` points at, with the launcher's styles, as the real one has. */
function useShadowRoot() {
  const host = useRef<HTMLDivElement>(null);
  const [root, setRoot] = useState<ShadowRoot | null>(null);
  useLayoutEffect(() => {
    const element = host.current;
    if (!element) return;
    const shadow = element.shadowRoot ?? element.attachShadow({ mode: "open" });
    shadow.adoptedStyleSheets = [sheet()];
    setRoot(shadow);
  }, []);
  return { host, root };
}

/** The launcher's button as the launcher chunk draws it: a round chat button or a tab with its text. */
function PreviewButton({
  config,
  placement,
  open,
  unread,
  onToggle,
}: {
  config: FlowConfig;
  placement: Placement;
  open: boolean;
  unread: number;
  onToggle: () => void;
}) {
  const rtl = Boolean(config.localizationOptions?.rtl);
  const language = config.localizationOptions?.language || "en";
  return (
    <button
      type="button"
      data-testid="preview-launcher"
      className={`launcher ${placement.kind} ${placement.edge}${open ? " open" : ""}`}
      dir={rtl ? "rtl" : "ltr"}
      aria-expanded={open}
      aria-label={launcherLabel(placement.kind, open, unread, language, config)}
      style={
        {
          "--gl-bg": config.buttonColor,
          "--gl-fg": textColorFor(config.buttonColor),
          "--gl-x": `${offset(config.buttonX)}px`,
          "--gl-y": `${offset(config.buttonY)}px`,
          "--gl-r": `${placement.kind === "modern" ? modernRadius(config.borderRadius) : tabRadius(config.borderRadius)}px`,
        } as CSSProperties
      }
      onClick={onToggle}
    >
      {placement.kind === "modern" ? (
        <svg viewBox="0 0 24 24" className="icon" aria-hidden="true" data-icon={open ? "close" : "chat"}>
          {open ? (
            <path d={closePath} fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
          ) : (
            <path d={chatPath} fill="currentColor" />
          )}
        </svg>
      ) : (
        <span className="label">{tabText(language, config)}</span>
      )}
      <span className="badge" aria-hidden="true">
        {badgeText(unread)}
      </span>
    </button>
  );
}

/** Where the messenger sketch sits, as the frame would: above a corner button, beside a side tab. */
function panelStyle(config: FlowConfig, placement: Placement | null, rtl: boolean): CSSProperties {
  const side = placement?.edge ?? (rtl ? "left" : "right");
  return {
    [side]: placement?.kind === "modern" || placement?.kind === "bottom-tab" ? offset(config.buttonX) : 56,
    bottom:
      placement?.kind === "modern" ? offset(config.buttonY) + 60 : placement?.kind === "bottom-tab" ? 56 : 16,
    background: config.backgroundColor,
    borderRadius: Math.min(24, Math.max(0, config.borderRadius)),
    color: textColorFor(config.backgroundColor),
  };
}

/** A sketch of the open messenger in the header, background and brand colours. */
function MessengerSketch({ config, style }: { config: FlowConfig; style: CSSProperties }) {
  const { t } = useT();
  return (
    <div className="lp-messenger" style={style} data-testid="lp-messenger" aria-hidden="true">
      <div
        className="lp-messenger-header"
        style={{ background: config.headerColor, color: textColorFor(config.headerColor) }}
      >
        <strong>{t("projectSettings.preview.greeting")}</strong>
        <span>{t("projectSettings.preview.help")}</span>
      </div>
      <div className="lp-messenger-body">
        <span className="lp-card" />
        <span className="lp-action" style={{ background: config.color, color: textColorFor(config.color) }}>
          {t("projectSettings.preview.action")}
        </span>
      </div>
    </div>
  );
}

/** The mock browser window's bar: three dots and an address. */
function WindowBar() {
  const { t } = useT();
  return (
    <div className="lp-bar" aria-hidden="true">
      <span className="lp-dot" />
      <span className="lp-dot" />
      <span className="lp-dot" />
      <span className="lp-address">{t("projectSettings.preview.address")}</span>
    </div>
  );
}

/**
 * The launcher exactly as the widget draws it: the launcher chunk's own styles and model (placement,
 * text colour, radius, offsets, texts), in a shadow root inside a mock browser window whose `transform`
 * makes the button's `position: fixed` count from the window instead of the admin's viewport. A click
 * opens a sketch of the messenger in the header, background and brand colours.
 */
export function LauncherPreview({ config }: { config: FlowConfig }) {
  const { t } = useT();
  const { host, root } = useShadowRoot();
  const [open, setOpen] = useState(false);
  const [withBadge, setWithBadge] = useState(false);
  const rtl = Boolean(config.localizationOptions?.rtl);
  const placement = placementFor(config.feedbackButtonPosition, rtl);
  const button = placement && (
    <PreviewButton
      config={config}
      placement={placement}
      open={open}
      unread={withBadge ? 2 : 0}
      onToggle={() => setOpen((current) => !current)}
    />
  );
  return (
    <figure className="launcher-preview" aria-labelledby="launcher-preview-caption">
      <figcaption id="launcher-preview-caption" className="lp-caption">
        {t("projectSettings.preview.title")}
      </figcaption>
      <div className="lp-window" data-testid="launcher-preview">
        <WindowBar />
        <div className="lp-page" dir={rtl ? "rtl" : "ltr"}>
          <div className="lp-content" aria-hidden="true">
            <span className="lp-line lp-line-title" />
            <span className="lp-line" />
            <span className="lp-line lp-line-short" />
            <span className="lp-block" />
            <span className="lp-line" />
            <span className="lp-line lp-line-short" />
          </div>
          {open && <MessengerSketch config={config} style={panelStyle(config, placement, rtl)} />}
          <div ref={host} className="lp-launcher-host" />
          {root && button && createPortal(button, root)}
          {!placement && <p className="lp-none subtle">{t("projectSettings.preview.none")}</p>}
        </div>
      </div>
      <CheckField
        id="preview-badge"
        label={t("projectSettings.preview.badge")}
        checked={withBadge}
        onChange={setWithBadge}
      />
    </figure>
  );
}
