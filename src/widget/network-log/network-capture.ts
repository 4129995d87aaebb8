import { wrapFetch } from "./fetch-wrapper.ts";
import { createPatches } from "./method-patches.ts";
import { createRequestLog } from "./request-log.ts";
import { xhrWrappers } from "./xhr-wrapper.ts";

/** Spec §3 "Network log entry". A pending request has no status, duration or success yet. */
export interface NetworkLogEntry {
  url: string;
  /** The HTTP method. */
  type: string;
  /** When the request started, ISO 8601. */
  date: string;
  /** Milliseconds from start until the response body was read. */
  duration?: number;
  request: { payload: string; headers: Record<string, string> };
  response: { status?: number; statusText?: string; responseText: string };
  /** False only when no HTTP response arrived (network error, abort, timeout). */
  success?: boolean;
}

/** Spec §3 "Resource entries", from the page's resource timing buffer. */
export interface ResourceLogEntry {
  type: "RESOURCE";
  url: string;
  duration: number;
  initiatorType: string;
}

export type NetworkLog = NetworkLogEntry | ResourceLogEntry;

export interface NetworkCaptureOptions {
  /** The SDK's own API base URLs, never logged. A function is read on every request, so it may change. */
  ownUrls?: string[] | (() => string[]);
  /** The folder of the SDK's files: requests its code makes are the widget's, never logged. */
  sdkFolder?: string;
  maxRequests?: number;
  blacklist?: string[];
  propsToIgnore?: string[];
  resources?: boolean;
  /** Epoch milliseconds; injectable for tests. */
  now?: () => number;
}

export interface NetworkCapture {
  start(): void;
  stop(): void;
  entries(): NetworkLog[];
  setMaxRequests(max: number): void;
  setBlacklist(urls: string[]): void;
  setPropsToIgnore(props: string[]): void;
  setResources(on: boolean): void;
}

/**
 * Logs the host page's fetch and XMLHttpRequest traffic (spec §3, §5, §9). Filters (blacklist, ignored
 * props) apply when `entries()` is read, so settings that arrive with the config also cover requests
 * made before it. Every wrapper returns exactly what the host's call returns or throws.
 */
export function createNetworkCapture(
  win: Window & typeof globalThis,
  options: NetworkCaptureOptions = {},
): NetworkCapture {
  const log = createRequestLog(win, options);
  const patches = createPatches();
  let active = false;
  const isActive = () => active;
  const fetchWrapper = wrapFetch(log, isActive, options.sdkFolder);
  const xhr = xhrWrappers(log, isActive, options.sdkFolder);

  return {
    start() {
      active = true;
      try {
        patches.hook(win, "fetch", fetchWrapper);
        const proto = win.XMLHttpRequest?.prototype;
        patches.hook(proto, "open", xhr.open);
        patches.hook(proto, "setRequestHeader", xhr.setRequestHeader);
        patches.hook(proto, "send", xhr.send);
      } catch {
        // Capture is best effort: an unpatchable environment just logs nothing.
      }
    },
    stop() {
      active = false;
      patches.restore();
    },
    entries: log.entries,
    setMaxRequests: log.setMaxRequests,
    setBlacklist: log.setBlacklist,
    setPropsToIgnore: log.setPropsToIgnore,
    setResources: log.setResources,
  };
}
