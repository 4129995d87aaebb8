import type { SurfaceCommand, WidgetChunkContext } from "../../shared/widget-chunk-contract.ts";
import { messengerStyles } from "./messenger-styles.ts";
import { createMessengerWidget, type MessengerWidget } from "./messenger-widget.ts";

let widget: MessengerWidget | null = null;

/**
 * Lazy chunk entry of the messenger frame host (spec §2 "Messenger frame"). Plain DOM on purpose, like
 * the launcher: all it draws is a positioned box around an iframe (and an image viewer), so React DOM
 * would add about 60 KB to evaluate before the frame can even start loading. The messenger's screens
 * are a React app inside the frame, on its own origin (src/messenger/).
 */
export function mount(context: WidgetChunkContext): () => void {
  const style = document.createElement("style");
  // A host with a nonce-only style-src blocks a <style> without it.
  if (context.nonce) style.nonce = context.nonce;
  style.textContent = messengerStyles;
  context.root.append(style);
  const current = createMessengerWidget(context);
  widget = current;
  return () => {
    current.destroy();
    style.remove();
    if (widget === current) widget = null;
  };
}

/**
 * Host API calls the loader routes here: `open`, `hide`, `close`, `toggle`, the screen commands
 * (`startFeedbackFlow`, `showSurvey`, `openNews`, …), `preFillForm`, `setFormData`, `sessionCleared`.
 */
export function run(command: SurfaceCommand<"messenger">, args: unknown[]): unknown {
  return widget?.run(command, args);
}
