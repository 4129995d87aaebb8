import { useSnapshot } from "valtio";
import { useT } from "../i18n/intl.ts";
import { loadingOverlayState } from "./loading-overlay-store.ts";

/** The full-screen loading overlay (spec §2): blocks clicks while a whole-app change is under way. */
export function LoadingOverlay() {
  const { visible } = useSnapshot(loadingOverlayState);
  const { t } = useT();
  if (!visible) return null;
  return (
    <div className="loading-overlay" role="status" aria-live="polite" data-testid="loading-overlay">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{t("overlay.loading")}</span>
    </div>
  );
}
