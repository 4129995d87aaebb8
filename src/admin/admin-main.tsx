// First of all, before anything renders: the admin's own colour scheme (light or dark) onto the root
// element. The system's scheme needs no script (admin.css's media query).
import "./shell/layout/theme.ts";
import { createRoot } from "react-dom/client";
import { subscribe, useSnapshot } from "valtio";
import { AdminRoutes } from "./admin-routes.tsx";
import { errorState, isOwnFailure, reportFatalError } from "./shell/app-error.ts";
import { fetchLatestBuild, runningAdminEntry, startBuildUpdatePoll } from "./shell/build-update.ts";
import { ErrorBoundary, ErrorPage } from "./shell/error-page.tsx";
import { Dialog } from "./shell/overlay/dialog.tsx";
import { dialogState, openDialog } from "./shell/overlay/dialog-store.ts";
import { LoadingBar } from "./shell/overlay/loading-bar.tsx";
import { LoadingOverlay } from "./shell/overlay/loading-overlay.tsx";
import { Toast } from "./shell/overlay/toast.tsx";
import { initialRouteReady } from "./shell/routing/initial-route.ts";
import { ScrollToTop } from "./shell/routing/scroll-to-top.tsx";
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
window.addEventListener("unhandledrejection", (event) => {
  if (isOwnFailure(event.reason, location.origin)) reportFatalError(event.reason, navigator.userAgent);
  else console.error(event.reason);
});

/**
 * Offers the reload in the dialog layer, after any dialog already open there (a delete confirmation
 * must not be replaced under the admin's cursor). Message ids: the dialog translates them.
 */
function offerReload() {
  if (dialogState.show) {
    const stop = subscribe(dialogState, () => {
      if (dialogState.show) return;
      stop();
      offerReload();
    });
    return;
  }
  openDialog({
    type: "info",
    heading: "update.heading",
    body: "update.body",
    primaryBtn: { label: "update.reload", action: () => location.reload() },
    secondaryBtn: { label: "update.later" },
  });
}

// Spec §4 "Build update": a new deployment is offered as a reload, once.
const running = runningAdminEntry(document);
if (running) {
  startBuildUpdatePoll({
    running,
    fetchLatest: fetchLatestBuild,
    onNewBuild: offerReload,
  });
}

// At a dashboard address, the screen's code and data start now and the first render waits for the code
// (initial-route.ts), so it draws the screen rather than a loading state first.
const container = document.getElementById("root");
if (container) void initialRouteReady().then(() => createRoot(container).render(<AdminApp />));
