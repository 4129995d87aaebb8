import { useEffect, useRef } from "react";
import { useSnapshot } from "valtio";
import { useT } from "../../i18n/intl.ts";
import { Button } from "../button.tsx";
import { clickDialogBackdrop, clickDialogButton, dialogState } from "./dialog-store.ts";
import { trapTab } from "./trap-tab.ts";

/**
 * The modal dialog layer with its backdrop (spec §2/§4). Escape acts like a backdrop click. Focus goes
 * to the safe choice of a danger dialog (Cancel, so Enter does not delete) and otherwise to the primary
 * button, stays inside while open, and returns to where it was when the dialog closes.
 */
export function Dialog() {
  const dialog = useSnapshot(dialogState);
  const { translate } = useT();
  const primaryRef = useRef<HTMLButtonElement>(null);
  const secondaryRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!dialog.show) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const safe = dialog.type === "danger" ? secondaryRef.current : null;
    (safe ?? primaryRef.current ?? secondaryRef.current)?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") clickDialogBackdrop();
    };
    window.addEventListener("keydown", onKey);
    return () => {
      window.removeEventListener("keydown", onKey);
      // Unless something took the focus meanwhile (the heading of a screen the action led to).
      const active = document.activeElement;
      if (opener?.isConnected && (!active || active === document.body)) opener.focus();
    };
  }, [dialog.show, dialog.type]);

  if (!dialog.show) return null;
  const danger = dialog.type === "danger";
  return (
    <div className="dialog-layer">
      <div
        className="dialog-backdrop"
        data-testid="dialog-backdrop"
        onClick={clickDialogBackdrop}
        aria-hidden="true"
      />
      <div
        className={`dialog dialog-${dialog.type}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby="dialog-heading"
        aria-busy={dialog.busy}
        onKeyDown={trapTab}
      >
        <h2 id="dialog-heading">{translate(dialog.heading)}</h2>
        {dialog.body && <p>{translate(dialog.body)}</p>}
        <div className="dialog-actions">
          {dialog.secondaryBtn && (
            <Button
              ref={secondaryRef}
              variant="secondary"
              disabled={dialog.busy}
              onClick={() => void clickDialogButton("secondary")}
            >
              {translate(dialog.secondaryBtn.label)}
            </Button>
          )}
          {dialog.primaryBtn && (
            <Button
              ref={primaryRef}
              className={danger ? "button-destructive" : undefined}
              disabled={dialog.busy}
              onClick={() => void clickDialogButton("primary")}
            >
              {translate(dialog.primaryBtn.label)}
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}
