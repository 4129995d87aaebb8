import { useSnapshot } from "valtio";
import { Link } from "wouter";
import { useT } from "../../i18n/intl.ts";
import { hideToast, toastState } from "./toast-store.ts";

const icons = { success: "✓", error: "!", warning: "!", info: "i" } as const;

/** The bottom-right toast. Errors are announced at once (alert), the rest politely (status). */
export function Toast() {
  const toast = useSnapshot(toastState);
  const { t, translate } = useT();
  if (!toast.show) return null;
  return (
    <div
      className={`toast toast-${toast.type}`}
      role={toast.type === "error" ? "alert" : "status"}
      data-testid="toast"
    >
      <span className="toast-icon" aria-hidden="true">
        {icons[toast.type]}
      </span>
      <div className="toast-text">
        <p className="toast-heading">{translate(toast.heading)}</p>
        {toast.body && <p className="toast-body">{translate(toast.body)}</p>}
        {toast.link && (
          <Link href={toast.link.href} className="toast-link" onClick={hideToast}>
            {toast.link.label}
          </Link>
        )}
      </div>
      <button type="button" className="toast-close" onClick={hideToast} aria-label={t("toast.close")}>
        ×
      </button>
    </div>
  );
}
