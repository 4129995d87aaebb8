import { startTransition } from "react";
import { createRoot } from "react-dom/client";
import type { WidgetChunkContext } from "../../shared/widget-chunk-contract.ts";
import { LauncherButton } from "./launcher-button.tsx";
import { launcherStyles } from "./launcher-styles.ts";

/** Lazy chunk entry: renders the launcher into the SDK's shadow root and returns its unmount. */
export function mount({ root, flowConfig, events }: WidgetChunkContext): () => void {
  const style = document.createElement("style");
  style.textContent = launcherStyles;
  const container = document.createElement("div");
  root.append(style, container);
  const reactRoot = createRoot(container);
  // A transition lets React split its first render into short slices instead of one long task.
  startTransition(() => reactRoot.render(<LauncherButton flowConfig={flowConfig} events={events} />));
  return () => {
    reactRoot.unmount();
    style.remove();
    container.remove();
  };
}
