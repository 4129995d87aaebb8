import { useEffect, useRef } from "react";
import { useT } from "../i18n/intl.ts";
import { adoptStyles } from "../shell/area-styles.ts";
import { Button } from "../shell/button.tsx";
import smallControlCss from "../shell/form/small-control.css" with { type: "text" };
import { trapTab } from "../shell/overlay/trap-tab.ts";
import { inboxShortcuts } from "./inbox-keys.ts";
import toolsCss from "./inbox-list-tools.css" with { type: "text" };

adoptStyles(smallControlCss);
adoptStyles(toolsCss);

/** The button by a screen's title that opens the shortcut list (`?` does too). */
export function ShortcutsButton({ onOpen }: { onOpen: () => void }) {
  const { t } = useT();
  return (
    <Button
      variant="tertiary"
      size="sm"
      className="inbox-shortcuts-button"
      title={t("inbox.keys.showLabel")}
      aria-keyshortcuts="?"
      onClick={onOpen}
    >
      {t("inbox.keys.show")}
    </Button>
  );
}

/**
 * The keyboard shortcuts in the shell's dialog look: titled, modal, Tab kept inside, closed by
 * Escape, its button or the backdrop, and the focus back where it was.
 */
export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useT();
  const close = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    close.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      event.preventDefault();
      onClose();
    };
    window.addEventListener("keydown", onKey);
    return () => {
      window.removeEventListener("keydown", onKey);
      if (opener?.isConnected) opener.focus();
    };
  }, [open, onClose]);

  if (!open) return null;
  return (
    <div className="dialog-layer">
      <div className="dialog-backdrop" onClick={onClose} aria-hidden="true" />
      <div
        className="dialog dialog-info"
        role="dialog"
        aria-modal="true"
        aria-labelledby="inbox-shortcuts-title"
        onKeyDown={trapTab}
      >
        <h2 id="inbox-shortcuts-title">{t("inbox.keys.title")}</h2>
        <dl className="inbox-shortcut-list">
          {inboxShortcuts.map(({ keys, label }) => (
            <div key={label}>
              <dt>
                {keys.map((key) => (
                  <kbd key={key}>{key}</kbd>
                ))}
              </dt>
              <dd>{t(label)}</dd>
            </div>
          ))}
        </dl>
        <p>{t("inbox.keys.note")}</p>
        <div className="dialog-actions">
          <Button ref={close} variant="primary" onClick={onClose}>
            {t("inbox.keys.close")}
          </Button>
        </div>
      </div>
    </div>
  );
}
