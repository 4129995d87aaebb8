import { createRoot } from "react-dom/client";
import { AdminRoutes } from "./admin-routes.tsx";
import { Dialog } from "./shell/dialog.tsx";
import { LoadingBar } from "./shell/loading-bar.tsx";
import { ScrollToTop } from "./shell/scroll-to-top.tsx";
import { Toast } from "./shell/toast.tsx";
import "./admin.css";

/** The shell's global layers (spec §2) sit beside the routes so every screen shares them. */
function AdminApp() {
  return (
    <>
      <LoadingBar />
      <ScrollToTop />
      <AdminRoutes />
      <Dialog />
      <Toast />
    </>
  );
}

const container = document.getElementById("root");
if (container) createRoot(container).render(<AdminApp />);
