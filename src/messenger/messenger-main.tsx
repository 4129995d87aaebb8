import { createRoot } from "react-dom/client";
import { drawOnFirstSession } from "./first-draw.ts";
import { createHostChannel } from "./frame-protocol.ts";
import { MessengerApp } from "./messenger-app.tsx";
import { createScreens } from "./screen-table.ts";
import { createRuntime } from "./shell/runtime.ts";
import "./messenger.css";

/**
 * The messenger frame app at `/` of the messenger origin. It starts listening to the host and says
 * `ping` before React renders, so the host's config, session and queued screen request arrive as
 * early as possible; the first screen's data is asked for as the session arrives, and React draws
 * then (first-draw.ts), while that request is on its way.
 */
const runtime = createRuntime({ channel: createHostChannel(), screens: createScreens() });
runtime.start();

const container = document.getElementById("root");
const framed = window.parent !== window;
if (container)
  drawOnFirstSession({
    store: runtime.store,
    framed,
    draw: () => createRoot(container).render(<MessengerApp runtime={runtime} framed={framed} />),
  });
