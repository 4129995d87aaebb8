import { createRoot, type Root } from "react-dom/client";
import type { FlowConfig } from "../../shared/widget-config-api.ts";
import { captureStyles } from "./capture-styles.ts";

/** The editor's place in the widget's shadow root: its style and a container with a React root. */
export function mountEditorLayer(
  win: Window,
  root: ShadowRoot,
  config: FlowConfig,
  nonce?: string,
): { reactRoot: Root; remove(): void } {
  const style = win.document.createElement("style");
  if (nonce) style.nonce = nonce;
  style.textContent = captureStyles(config);
  const container = win.document.createElement("div");
  container.dataset.gleapSurface = "capture";
  root.append(style, container);
  const reactRoot = createRoot(container);
  return {
    reactRoot,
    remove() {
      reactRoot.unmount();
      container.remove();
      style.remove();
    },
  };
}
