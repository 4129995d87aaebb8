import { createRoot } from "react-dom/client";
import { AdminRoutes } from "./admin-routes.tsx";
import "./admin.css";

const container = document.getElementById("root");
if (container) createRoot(container).render(<AdminRoutes />);
