import { createRoot } from "react-dom/client";
import { useSnapshot } from "valtio";
import { AdminRoutes } from "./admin-routes.tsx";
import { errorState, reportFatalError } from "./shell/app-error.ts";
import { fetchLatestBuild, runningAdminEntry, startBuildUpdatePoll } from "./shell/build-update.ts";
import { Dialog } from "./shell/dialog.tsx";
import { openDialog } from "./shell/dialog-store.ts";
import { ErrorBoundary, ErrorPage } from "./shell/error-page.tsx";
import { LoadingBar } from "./shell/loading-bar.tsx";
import { LoadingOverlay } from "./shell/loading-overlay.tsx";
import { ScrollToTop } from "./shell/scroll-to-top.tsx";
import { Toast } from "./shell/toast.tsx";
import "./admin.css";

/** The shell's global layers (spec §2) sit beside the routes so every screen shares them. */
function AdminApp() {
  const { error } = useSnapshot(errorState);
  return (
    <>
      <LoadingBar />
      <ScrollToTop />
      {error ? (
        <ErrorPage error={error} />
      ) : (
        <ErrorBoundary>
          <AdminRoutes />
        </ErrorBoundary>
      )}
      <Dialog />
      <Toast />
      <LoadingOverlay />
    </>
  );
}

// Spec §8: fatal or unhandled errors show the error page. Cross-origin script errors ("Script error.",
// no error object: a browser extension, a captcha script) are not ours to report.
window.addEventListener("error", (event) => {
  if (event.error) reportFatalError(event.error, navigator.userAgent);
});
window.addEventListener("unhandledrejection", (event) => reportFatalError(event.reason, navigator.userAgent));

// Spec §4 "Build update": a new deployment is offered as a reload, once.
const running = runningAdminEntry(document);
if (running) {
  startBuildUpdatePoll({
    running,
    fetchLatest: fetchLatestBuild,
    // Message ids: the dialog translates them, in the language chosen at the time it shows.
    onNewBuild: () =>
      openDialog({
        type: "info",
        heading: "update.heading",
        body: "update.body",
        primaryBtn: { label: "update.reload", action: () => location.reload() },
        secondaryBtn: { label: "update.later" },
      }),
  });
}

const container = document.getElementById("root");
if (container) createRoot(container).render(<AdminApp />);
