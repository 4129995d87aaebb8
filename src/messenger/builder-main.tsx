import { createRoot } from "react-dom/client";
import { BuilderApp } from "./builder/builder-app.tsx";
import { createBuilderChannel } from "./builder/builder-channel.ts";
import "./frame-page.css";
import "./builder/builder.css";

/** The tour and tooltip builder frame app, served at `/builder` of the messenger origin. */
const container = document.getElementById("root");
if (container) createRoot(container).render(<BuilderApp channel={createBuilderChannel()} />);
