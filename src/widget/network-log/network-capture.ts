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

/** Spec §9. */
export const defaultMaxRequests = 30;
export const maxRequestsCap = 70;
export const maxBodySize = 150 * 1024;
export const pendingText = "<request pending>";
export const unsupportedText = "<unsupported content type>";
export const tooLargeText = "<response too large>";

interface Captured {
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

interface XhrState {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** Settles the request this object sent last, when `open` reuses the object before it ended. */
  abandon?: () => void;
}

type Fn = (this: unknown, ...args: unknown[]) => unknown;

interface Patch {
  target: Record<string, unknown>;
  original: unknown;
  wrapper: Fn;
  own: boolean;
}

const noop = () => {};
const tagOf = (value: unknown) => Object.prototype.toString.call(value).slice(8, -1);
const strings = (list: unknown): string[] =>
  Array.isArray(list) ? list.filter((item): item is string => typeof item === "string" && item !== "") : [];
const clip = (text: string) => (text.length > maxBodySize ? tooLargeText : text);
/** Spec §5: bodies are kept only for text, xml, json or an empty content type. */
const isText = (type: string | null) => !type || /^text\/|xml|json/i.test(type);

function payloadOf(body: unknown): string {
  if (body == null) return "";
  if (typeof body === "string") return clip(body);
  const tag = tagOf(body);
  // Binary, form and stream bodies are named, not read: reading them could copy a large upload.
  return tag === "URLSearchParams" ? clip(String(body)) : `<${tag}>`;
}

/** Reads a stream as text but stops once it exceeds the size cap, so a huge or endless body is never held. */
async function readCapped(body: ReadableStream<Uint8Array> | null): Promise<string> {
  if (!body) return "";
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    size += value.byteLength;
    if (size > maxBodySize) {
      reader.cancel().catch(noop);
      return tooLargeText;
    }
    text += decoder.decode(value, { stream: true });
  }
}

function headersOf(init: HeadersInit | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  try {
    new Headers(init).forEach((value, name) => {
      headers[name] = value;
    });
  } catch {
    // An invalid header makes the request fail anyway; the failure is still logged, without headers.
  }
  return headers;
}

/** Drops the ignored keys at any depth of a JSON body; anything that is not JSON is kept as is. */
function stripJson(text: string, props: string[]): string {
  if (!props.length || !/^\s*[[{]/.test(text)) return text;
  try {
    return JSON.stringify(
      JSON.parse(text, (key, value: unknown) => (props.includes(key) ? undefined : value)),
    );
  } catch {
    return text;
  }
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
  const now = options.now ?? Date.now;
  const ownUrls = options.ownUrls ?? [];
  let max = defaultMaxRequests;
  let blacklist: string[] = [];
  let props: string[] = [];
  let resources = options.resources === true;
  let active = false;
  let log: Captured[] = [];
  const patches = new Map<string, Patch>();
  const xhrs = new WeakMap<object, XhrState>();

  const setMaxRequests = (value: number) => {
    max = Math.min(
      maxRequestsCap,
      Math.max(1, Math.floor(Number.isFinite(value) ? value : defaultMaxRequests)),
    );
    if (log.length > max) log = log.slice(-max);
  };
  setMaxRequests(options.maxRequests ?? defaultMaxRequests);
  blacklist = strings(options.blacklist);
  props = strings(options.propsToIgnore);

  const blocked = (url: string) =>
    [...strings(typeof ownUrls === "function" ? ownUrls() : ownUrls), ...blacklist].some((part) =>
      url.includes(part),
    );

  const absolute = (url: string) => {
    try {
      return new URL(url, win.location?.href).href;
    } catch {
      return url;
    }
  };

  /** Starts an entry, or returns undefined for a blacklisted URL. */
  const begin = (url: string, method: string, headers: Record<string, string>, payload: string) => {
    const href = absolute(url);
    if (blocked(href)) return undefined;
    const entry: Captured = { url: href, method: method.toUpperCase(), start: now(), payload, headers };
    log.push(entry);
    if (log.length > max) log.splice(0, log.length - max);
    return entry;
  };

  const finish = (entry: Captured, status: number, statusText: string, text: string, ok: boolean) => {
    Object.assign(entry, { status, statusText, text, ok, end: now() });
  };

  const fail = (entry: Captured, error: unknown) => {
    let message = "Network Error";
    try {
      message = (error as Error).message || message;
    } catch {
      // Whatever was thrown is the host's; only its message is wanted here.
    }
    finish(entry, 0, message, "", false);
  };

  const onResponse = (entry: Captured, response: Response) => {
    const type = response.headers.get("content-type");
    const done = (text: string) => finish(entry, response.status, response.statusText, text, true);
    if (!isText(type)) return done(unsupportedText);
    if (Number(response.headers.get("content-length")) > maxBodySize) return done(tooLargeText);
    // Cloned synchronously, before the host's own `then` runs, so its body stays unread for the host.
    readCapped(response.clone().body)
      .then(done, () => done(""))
      .catch(noop);
  };

  const beginFetch = (input: RequestInfo | URL, init: RequestInit | undefined) => {
    const request =
      typeof input === "object" && typeof (input as Request).clone === "function"
        ? (input as Request)
        : undefined;
    const entry = begin(
      request ? request.url : String(input),
      init?.method ?? request?.method ?? "GET",
      headersOf(init?.headers ?? request?.headers),
      payloadOf(init?.body),
    );
    // A Request carries its own body; it must be cloned before fetch locks it.
    if (entry && request?.body && init?.body == null && isText(request.headers.get("content-type"))) {
      readCapped(request.clone().body).then((text) => {
        entry.payload = text;
      }, noop);
    }
    return entry;
  };

  const finishXhr = (xhr: XMLHttpRequest, entry: Captured) => {
    const status = xhr.status;
    const type = xhr.responseType;
    let text = "";
    if (status) {
      if (!isText(xhr.getResponseHeader("content-type"))) text = unsupportedText;
      else if (type === "" || type === "text") text = clip(xhr.responseText);
      else if (type === "json") text = clip(JSON.stringify(xhr.response) ?? "");
      else text = unsupportedText;
    }
    finish(entry, status, xhr.statusText, text, status > 0);
  };

  /** Returns an undo for when `send` throws synchronously and no request was made. */
  const beginXhr = (xhr: XMLHttpRequest, body: unknown) => {
    const state = xhrs.get(xhr);
    const entry = state && begin(state.url, state.method, { ...state.headers }, payloadOf(body));
    if (!state || !entry) return undefined;
    const onEnd = () => {
      state.abandon = undefined;
      try {
        finishXhr(xhr, entry);
      } catch {
        // Runs inside the host's event dispatch, where a throw would surface as a page error.
      }
    };
    xhr.addEventListener("loadend", onEnd);
    const detach = () => xhr.removeEventListener("loadend", onEnd);
    state.abandon = () => {
      detach();
      finish(entry, 0, "", "", false);
    };
    return () => {
      detach();
      log = log.filter((item) => item !== entry);
    };
  };

  const hook = (target: object | undefined, key: string, wrap: (original: Fn) => Fn) => {
    const holder = target as Record<string, unknown> | undefined;
    const original = holder?.[key];
    // A wrapper left in place by an earlier stop() is still in the chain and resumes when `active`.
    if (!holder || patches.has(key) || typeof original !== "function") return;
    const wrapper = wrap(original as Fn);
    const own = Object.hasOwn(holder, key);
    holder[key] = wrapper;
    patches.set(key, { target: holder, original, wrapper, own });
  };

  const wrapFetch = (original: Fn): Fn =>
    function (this: unknown, ...args) {
      let entry: Captured | undefined;
      try {
        if (active) entry = beginFetch(args[0] as RequestInfo | URL, args[1] as RequestInit | undefined);
      } catch {
        // Bookkeeping only; the host's request goes out regardless.
      }
      let result: Promise<Response>;
      try {
        result = original.apply(this, args) as Promise<Response>;
      } catch (error) {
        try {
          if (entry) fail(entry, error);
        } catch {
          // The host still gets its own error.
        }
        throw error;
      }
      if (!entry) return result;
      const captured = entry;
      return result.then(
        (response) => {
          try {
            onResponse(captured, response);
          } catch {
            // The host still gets its response.
          }
          return response;
        },
        (error: unknown) => {
          try {
            fail(captured, error);
          } catch {
            // The host still gets its own error.
          }
          throw error;
        },
      );
    };

  const start = () => {
    active = true;
    try {
      hook(win, "fetch", wrapFetch);
      const proto = win.XMLHttpRequest?.prototype;
      hook(
        proto,
        "open",
        (original) =>
          function (this: unknown, ...args) {
            try {
              const xhr = this as object;
              xhrs.get(xhr)?.abandon?.();
              xhrs.set(xhr, { method: String(args[0] ?? "GET"), url: String(args[1]), headers: {} });
            } catch {
              // The host's open() still runs.
            }
            return original.apply(this, args);
          },
      );
      hook(
        proto,
        "setRequestHeader",
        (original) =>
          function (this: unknown, ...args) {
            try {
              const headers = xhrs.get(this as object)?.headers;
              const name = String(args[0]);
              if (headers) headers[name] = headers[name] ? `${headers[name]}, ${args[1]}` : String(args[1]);
            } catch {
              // The host's header is still set.
            }
            return original.apply(this, args);
          },
      );
      hook(
        proto,
        "send",
        (original) =>
          function (this: unknown, ...args) {
            let undo: (() => void) | undefined;
            try {
              if (active) undo = beginXhr(this as XMLHttpRequest, args[0]);
            } catch {
              // The host's send() still runs.
            }
            try {
              return original.apply(this, args);
            } catch (error) {
              undo?.();
              throw error;
            }
          },
      );
    } catch {
      // Capture is best effort: an unpatchable environment just logs nothing.
    }
  };

  const stop = () => {
    active = false;
    for (const [key, patch] of patches) {
      try {
        // Someone who wrapped after us keeps their wrapper; ours stays below it as a pass-through.
        if (patch.target[key] !== patch.wrapper) continue;
        if (patch.own) patch.target[key] = patch.original;
        else delete patch.target[key];
        patches.delete(key);
      } catch {
        // Non-writable: our wrapper stays and passes calls through.
      }
    }
  };

  const entries = (): NetworkLog[] => {
    const lower = props.map((prop) => prop.toLowerCase());
    const requests = log
      .filter((item) => !blocked(item.url))
      .map((item): NetworkLogEntry => {
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
      });
    if (!resources) return requests;
    let timings: ResourceLogEntry[] = [];
    try {
      const seen = new Set(log.map((item) => item.url));
      timings = (win.performance.getEntriesByType("resource") as PerformanceResourceTiming[])
        .filter((timing) => !seen.has(timing.name) && !blocked(timing.name))
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
    }
    // Resources first: the report endpoint keeps the newest (last) entries when it trims the list.
    return [...timings, ...requests];
  };

  return {
    start,
    stop,
    entries,
    setMaxRequests,
    setBlacklist(urls) {
      blacklist = strings(urls);
    },
    setPropsToIgnore(list) {
      props = strings(list);
    },
    setResources(on) {
      resources = on === true;
    },
  };
}
