import { pendingText, strings, stripJson } from "./network-bodies.ts";
import type { NetworkLog, NetworkLogEntry, ResourceLogEntry } from "./network-capture.ts";

/** Spec §9. */
export const defaultMaxRequests = 30;
export const maxRequestsCap = 70;

/** A request as it was captured, before the filters of `entries()` apply. */
export interface Captured {
  url: string;
  method: string;
  start: number;
  payload: string;
  headers: Record<string, string>;
  end?: number;
  status?: number;
  statusText?: string;
  text?: string;
  ok?: boolean;
}

export interface RequestLogOptions {
  ownUrls?: string[] | (() => string[]);
  maxRequests?: number;
  blacklist?: string[];
  propsToIgnore?: string[];
  resources?: boolean;
  now?: () => number;
}

/** A captured request as spec §3 shows it, its ignored headers and JSON keys left out; pure. */
export function toLogEntry(item: Captured, props: string[]): NetworkLogEntry {
  const lower = props.map((prop) => prop.toLowerCase());
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(item.headers)) {
    if (!lower.includes(name.toLowerCase())) headers[name] = value;
  }
  const entry: NetworkLogEntry = {
    url: item.url,
    type: item.method,
    date: new Date(item.start).toISOString(),
    request: { payload: stripJson(item.payload, props), headers },
    response: { responseText: pendingText },
  };
  if (item.end === undefined) return entry;
  entry.duration = item.end - item.start;
  entry.response = {
    status: item.status,
    statusText: item.statusText,
    responseText: stripJson(item.text ?? "", props),
  };
  entry.success = item.ok;
  return entry;
}

/** Resource timings of requests made by a script (rather than by markup or CSS). */
const scriptInitiators = new Set(["fetch", "xmlhttprequest"]);

/**
 * The page's resource timings not logged as requests (and not blocked), as spec §3 resource entries.
 * A script's request to a URL the widget fetched itself (`widgetFetched`) is the widget's.
 */
function resourceEntries(
  win: Window & typeof globalThis,
  seen: Set<string>,
  blocked: (url: string) => boolean,
  widgetFetched: Set<string>,
): ResourceLogEntry[] {
  try {
    return (win.performance.getEntriesByType("resource") as PerformanceResourceTiming[])
      .filter(
        (timing) =>
          !seen.has(timing.name) &&
          !blocked(timing.name) &&
          !(scriptInitiators.has(timing.initiatorType) && widgetFetched.has(timing.name)),
      )
      .map(
        (timing): ResourceLogEntry => ({
          type: "RESOURCE",
          url: timing.name,
          duration: Math.round(timing.duration),
          initiatorType: timing.initiatorType,
        }),
      );
  } catch {
    // No resource timing in this browser.
    return [];
  }
}

/** `setMaxNetworkRequests`: a whole number from 1 to the cap; anything else is the default. */
const maxRequestsOf = (value: number) =>
  Math.min(maxRequestsCap, Math.max(1, Math.floor(Number.isFinite(value) ? value : defaultMaxRequests)));

function absoluteUrl(url: string, win: Window) {
  try {
    return new URL(url, win.location?.href).href;
  } catch {
    return url;
  }
}

/** What stands for the status of a request that got no response: the thrown error's message. */
function failureMessage(error: unknown): string {
  try {
    return (error as Error).message || "Network Error";
  } catch {
    // Whatever was thrown is the host's; only its message is wanted here.
    return "Network Error";
  }
}

/**
 * The newest `maxRequests` requests of the page, and the settings that filter them. Filters
 * (blacklist, ignored props) apply when `entries()` is read, so settings that arrive with the config
 * also cover requests made before it.
 */
export function createRequestLog(win: Window & typeof globalThis, options: RequestLogOptions) {
  const now = options.now ?? Date.now;
  const ownUrls = options.ownUrls ?? [];
  let max = defaultMaxRequests;
  let blacklist: string[] = [];
  let props: string[] = [];
  let resources = options.resources === true;
  let log: Captured[] = [];
  /** URLs the widget's own code fetched (its screenshot inlining pictures and fonts). */
  const widgetFetched = new Set<string>();

  const setMaxRequests = (value: number) => {
    max = maxRequestsOf(value);
    if (log.length > max) log = log.slice(-max);
  };
  setMaxRequests(options.maxRequests ?? defaultMaxRequests);
  blacklist = strings(options.blacklist);
  props = strings(options.propsToIgnore);

  const blocked = (url: string) =>
    [...strings(typeof ownUrls === "function" ? ownUrls() : ownUrls), ...blacklist].some((part) =>
      url.includes(part),
    );

  const absolute = (url: string) => absoluteUrl(url, win);

  const finish = (entry: Captured, status: number, statusText: string, text: string, ok: boolean) => {
    Object.assign(entry, { status, statusText, text, ok, end: now() });
  };

  return {
    /** Starts an entry, or returns undefined for a blacklisted URL. */
    begin(url: string, method: string, headers: Record<string, string>, payload: string) {
      const href = absolute(url);
      if (blocked(href)) return undefined;
      const entry: Captured = { url: href, method: method.toUpperCase(), start: now(), payload, headers };
      log.push(entry);
      if (log.length > max) log.splice(0, log.length - max);
      return entry;
    },
    finish,
    /** No HTTP response: the thrown error's message stands for the status text. */
    fail(entry: Captured, error: unknown) {
      finish(entry, 0, failureMessage(error), "", false);
    },
    /** A request the widget's own code made: not logged, nor its resource timing. */
    skip(url: string) {
      widgetFetched.add(absolute(url));
    },
    /** Forgets an entry whose request was never made. */
    remove(entry: Captured) {
      log = log.filter((item) => item !== entry);
    },
    entries(): NetworkLog[] {
      const requests = log.filter((item) => !blocked(item.url)).map((item) => toLogEntry(item, props));
      if (!resources) return requests;
      const timings = resourceEntries(win, new Set(log.map((item) => item.url)), blocked, widgetFetched);
      // Resources first: the report endpoint keeps the newest (last) entries when it trims the list.
      return [...timings, ...requests];
    },
    setMaxRequests,
    setBlacklist(urls: string[]) {
      blacklist = strings(urls);
    },
    setPropsToIgnore(list: string[]) {
      props = strings(list);
    },
    setResources(on: boolean) {
      resources = on === true;
    },
  };
}

export type RequestLog = ReturnType<typeof createRequestLog>;
