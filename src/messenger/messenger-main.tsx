import { createRoot } from "react-dom/client";
import { MessengerPlaceholder } from "./messenger-placeholder.tsx";

const container = document.getElementById("root");
if (container) createRoot(container).render(<MessengerPlaceholder />);
