import { useEffect } from "react";
import { useSnapshot } from "valtio";
import { useT } from "../i18n/intl.ts";
import { Button } from "./button.tsx";
import { clickDialogBackdrop, clickDialogButton, dialogState } from "./dialog-store.ts";

/** The modal dialog layer with its backdrop (spec §2/§4). Escape acts like a backdrop click. */
export function Dialog() {
  const dialog = useSnapshot(dialogState);
  const { translate } = useT();

  useEffect(() => {
    if (!dialog.show) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") clickDialogBackdrop();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [dialog.show]);

  if (!dialog.show) return null;
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
      >
        <h2 id="dialog-heading">{translate(dialog.heading)}</h2>
        {dialog.body && <p>{translate(dialog.body)}</p>}
        <div className="dialog-actions">
          {dialog.secondaryBtn && (
            <Button variant="secondary" onClick={() => clickDialogButton("secondary")}>
              {translate(dialog.secondaryBtn.label)}
            </Button>
          )}
          {dialog.primaryBtn && (
            <Button autoFocus onClick={() => clickDialogButton("primary")}>
              {translate(dialog.primaryBtn.label)}
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}
