import { useState } from "react";
import { createRoot } from "react-dom/client";

/**
 * The least a React frame can be: one screen with one action, marked the way the messenger marks its
 * app (`data-testid=frame-app`, `data-screen`, `data-home-action`), so the messenger bench's watcher
 * clicks it and times it exactly as it times the messenger.
 */
function BareFrameApp() {
  const [screen, setScreen] = useState("home");
  return (
    <main data-testid="frame-app" data-screen={screen}>
      <h1>{screen === "home" ? "Hello" : "Next"}</h1>
      <button type="button" data-home-action="next" onClick={() => setScreen("next")}>
        Go on
      </button>
    </main>
  );
}

const root = document.getElementById("root");
if (root) createRoot(root).render(<BareFrameApp />);
