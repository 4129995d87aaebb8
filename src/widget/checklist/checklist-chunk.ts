import type { SurfaceCommand, WidgetChunkContext } from "../../shared/widget-chunk-contract.ts";
import { type ChecklistInstance, createChecklistInstance } from "./checklist-instance.ts";
import { createChecklistNetwork } from "./checklist-network.ts";

/**
 * Lazy chunk entry of the checklist element (spec §2 "Checklist element", §5 attributes). The loader
 * defines `<gleap-checklist>` once the session is ready and loads this chunk only when such an element
 * is connected: `checklistConnected` (also for a changed attribute) and `checklistDisconnected` come
 * with the element. Each element draws into its own shadow root; all of them share one network cache.
 * Live updates arrive as the loader's `checklist-update` event (the socket's `checklist` push); a null
 * update means a new visitor id, which forgets everything and loads again.
 */

let context: WidgetChunkContext | null = null;
let network: ReturnType<typeof createChecklistNetwork> | null = null;
const instances = new Map<HTMLElement, ChecklistInstance>();

function redrawAll() {
  for (const instance of instances.values()) instance.render();
}

export function mount(chunkContext: WidgetChunkContext): () => void {
  context = chunkContext;
  network = createChecklistNetwork(chunkContext.host);
  const { events } = chunkContext;
  const unsubscribe = [
    events.on("checklist-update", (update) => {
      if (update === null || update === undefined) {
        network?.clear();
        for (const instance of instances.values()) instance.reload();
        return;
      }
      for (const instance of instances.values()) instance.applyUpdate(update);
    }),
    events.on("config-changed", redrawAll),
    events.on("language-changed", redrawAll),
  ];
  return () => {
    for (const off of unsubscribe) off();
    for (const instance of instances.values()) instance.destroy();
    instances.clear();
    network = null;
    context = null;
  };
}

function connect(element: HTMLElement) {
  if (!context || !network) return;
  let instance = instances.get(element);
  if (!instance) {
    instance = createChecklistInstance(element, {
      host: context.host,
      network,
      nonce: context.nonce,
      onLocalChange: (checklist) => {
        for (const other of instances.values()) if (other !== instance) other.applyUpdate(checklist);
      },
    });
    instances.set(element, instance);
  }
  instance.refresh();
}

function disconnect(element: HTMLElement) {
  const instance = instances.get(element);
  if (!instance) return;
  instances.delete(element);
  instance.destroy();
}

export function run(command: SurfaceCommand<"checklist">, args: unknown[]): void {
  const [element] = args;
  if (!(element instanceof HTMLElement)) return;
  if (command === "checklistConnected") {
    // Moved within the page: disconnected and connected again in one go.
    if (element.isConnected) connect(element);
  } else if (command === "checklistDisconnected") {
    disconnect(element);
  }
}
