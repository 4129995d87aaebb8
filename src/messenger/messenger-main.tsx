import { createRoot } from "react-dom/client";
import { createHostChannel } from "./frame-protocol.ts";
import { MessengerApp } from "./messenger-app.tsx";
import { createScreens } from "./screen-table.ts";
import { createRuntime } from "./shell/runtime.ts";
import "./messenger.css";

/**
 * The messenger frame app at `/` of the messenger origin. It starts listening to the host and says
 * `ping` before React renders, so the host's config, session and queued screen request arrive as
 * early as possible (and the first screen's data is fetched while React starts); the shell shows them.
 */
const runtime = createRuntime({ channel: createHostChannel(), screens: createScreens() });
runtime.start();

const container = document.getElementById("root");
if (container)
  createRoot(container).render(<MessengerApp runtime={runtime} framed={window.parent !== window} />);
