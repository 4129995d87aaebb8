import { createRoot } from "react-dom/client";
import { createModalChannel, ModalApp } from "./modal/modal-app.tsx";
import "./frame-page.css";
import "./modal/modal.css";

/** The modal frame app, served at `/modal` of the messenger origin. */
const container = document.getElementById("root");
if (container) createRoot(container).render(<ModalApp channel={createModalChannel()} />);
