import type { SurfaceCommand, WidgetChunkContext } from "../../shared/widget-chunk-contract.ts";
import { createNetworkCapture, type NetworkCapture } from "./network-capture.ts";

/** The host's network-log settings and the project config's, as the loader keeps them. */
export interface NetworkLogSettings {
  maxRequests: number;
  blacklist: string[];
  propsToIgnore: string[];
  resources: boolean;
}

let capture: NetworkCapture | null = null;

/**
 * Lazy chunk entry: wraps the host page's `fetch` and `XMLHttpRequest` once the config enables network
 * logs or the host calls `startNetworkLogger` (spec §4: stopped until then). It lives apart from the
 * eager loader because it is its largest part after the socket, and nothing is captured before the
 * config arrives anyway. The SDK's own API, files and requests are never logged.
 */
export function mount({ host }: WidgetChunkContext): () => void {
  // This chunk's folder holds every file of the SDK: their requests (and the files themselves) are
  // the widget's, not the page's.
  const sdkFolder = new URL(".", import.meta.url).href;
  capture = createNetworkCapture(window, { ownUrls: () => [host.apiUrl(), sdkFolder], sdkFolder });
  return () => {
    capture?.stop();
    capture = null;
  };
}

/** `configure` (settings), `start`, `stop`, `entries` (answers the log with the settings applied). */
export function run(command: SurfaceCommand<"network-log">, args: unknown[]): unknown {
  if (!capture) return undefined;
  if (command === "configure") {
    const settings = args[0] as NetworkLogSettings;
    capture.setMaxRequests(settings.maxRequests);
    capture.setBlacklist(settings.blacklist);
    capture.setPropsToIgnore(settings.propsToIgnore);
    capture.setResources(settings.resources);
  } else if (command === "start") capture.start();
  else if (command === "stop") capture.stop();
  else if (command === "entries") return capture.entries();
  return undefined;
}
