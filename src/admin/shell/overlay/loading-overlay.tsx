import { useEffect, useRef } from "react";
import { useSnapshot } from "valtio";
import { useT } from "../../i18n/intl.ts";
import { loadingOverlayState } from "./loading-overlay-store.ts";

/**
 * The full-screen loading overlay (spec §2): blocks clicks while a whole-app change is under way, and
 * keyboard and screen readers too: everything beside it is `inert` while it shows.
 */
export function LoadingOverlay() {
  const { visible } = useSnapshot(loadingOverlayState);
  const { t } = useT();
  const overlay = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const parent = overlay.current?.parentElement;
    if (!visible || !parent) return;
    const others = [...parent.children].filter(
      (element): element is HTMLElement => element instanceof HTMLElement && element !== overlay.current,
    );
    for (const element of others) element.inert = true;
    return () => {
      for (const element of others) element.inert = false;
    };
  }, [visible]);

  if (!visible) return null;
  return (
    <div
      ref={overlay}
      className="loading-overlay"
      role="status"
      aria-live="polite"
      data-testid="loading-overlay"
    >
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{t("overlay.loading")}</span>
    </div>
  );
}
