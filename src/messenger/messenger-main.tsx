import { createRoot } from "react-dom/client";
import { drawOnFirstSession, firstDrawFallbackMs } from "./first-draw.ts";
import { createHostChannel } from "./frame-protocol.ts";
import { homeTexts } from "./home/home-texts.ts";
import { MessengerApp } from "./messenger-app.tsx";
import { createScreens } from "./screen-table.ts";
import { loadTranslations } from "./shell/i18n.ts";
import { createRuntime } from "./shell/runtime.ts";
import { shellTexts } from "./shell/shell-texts.ts";
import "./messenger.css";

/**
 * The messenger frame app at `/` of the messenger origin. It starts listening to the host and says
 * `ping` before React renders, so the host's config, session and queued screen request arrive as
 * early as possible; the first screen's data is asked for as the session arrives, and React draws
 * then (first-draw.ts), while that request is on its way.
 *
 * The first screen's texts ship English in this file; another language's are asked for at once in
 * the browser's language (they arrive while the host answers), and the draw waits for those of the
 * language the host's config settles on, so the first screen never shows in English first. A file
 * that does not come within `firstDrawFallbackMs` is not waited for: the screen draws in English and
 * changes language when it arrives (`useTexts`).
 */
const firstScreenTexts = (lang: string) =>
  Promise.race([
    Promise.all([shellTexts, homeTexts].map((texts) => loadTranslations(texts, lang))),
    new Promise((resolve) => setTimeout(resolve, firstDrawFallbackMs)),
  ]);
void firstScreenTexts(navigator.language);

const runtime = createRuntime({ channel: createHostChannel(), screens: createScreens() });
runtime.start();

const container = document.getElementById("root");
const framed = window.parent !== window;
if (container)
  drawOnFirstSession({
    store: runtime.store,
    framed,
    draw: () =>
      void firstScreenTexts(runtime.language()).then(() =>
        createRoot(container).render(<MessengerApp runtime={runtime} framed={framed} />),
      ),
  });
