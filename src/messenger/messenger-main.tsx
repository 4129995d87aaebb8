import { createRoot } from "react-dom/client";
import { createHostChannel } from "./frame-protocol.ts";
import { MessengerApp } from "./messenger-app.tsx";
import { createMessengerStore } from "./messenger-store.ts";
import "./messenger.css";

/**
 * The messenger frame app at `/` of the messenger origin. It starts listening to the host and says
 * `ping` before React renders, so the host's config and queued screen request arrive as early as
 * possible; the store keeps what arrived, the app shows it.
 */
const store = createMessengerStore();
const channel = createHostChannel();
channel.start(store.receive);

const container = document.getElementById("root");
if (container)
  createRoot(container).render(
    <MessengerApp store={store} channel={channel} framed={window.parent !== window} />,
  );
