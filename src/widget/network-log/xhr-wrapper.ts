import { calledFrom } from "../../shared/call-origin.ts";
import type { Fn } from "./method-patches.ts";
import { clip, isText, payloadOf, unsupportedText } from "./network-bodies.ts";
import type { Captured, RequestLog } from "./request-log.ts";

interface XhrState {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** Settles the request this object sent last, when `open` reuses the object before it ended. */
  abandon?: () => void;
}

function finishXhr(log: RequestLog, xhr: XMLHttpRequest, entry: Captured) {
  const status = xhr.status;
  const type = xhr.responseType;
  let text = "";
  if (status) {
    if (!isText(xhr.getResponseHeader("content-type"))) text = unsupportedText;
    else if (type === "" || type === "text") text = clip(xhr.responseText);
    else if (type === "json") text = clip(JSON.stringify(xhr.response) ?? "");
    else text = unsupportedText;
  }
  log.finish(entry, status, xhr.statusText, text, status > 0);
}

/**
 * Wrappers for `XMLHttpRequest.prototype`'s `open`, `setRequestHeader` and `send`: `open` and the
 * headers are remembered per request object, `send` logs it while `active()`, unless the SDK's own
 * files sent it. Each returns exactly
 * what the host's call returns or throws.
 */
export function xhrWrappers(log: RequestLog, active: () => boolean, sdkFolder = "") {
  const xhrs = new WeakMap<object, XhrState>();

  /** Returns an undo for when `send` throws synchronously and no request was made. */
  const beginXhr = (xhr: XMLHttpRequest, body: unknown) => {
    const state = xhrs.get(xhr);
    const entry = state && log.begin(state.url, state.method, { ...state.headers }, payloadOf(body));
    if (!state || !entry) return undefined;
    const onEnd = () => {
      state.abandon = undefined;
      try {
        finishXhr(log, xhr, entry);
      } catch {
        // Runs inside the host's event dispatch, where a throw would surface as a page error.
      }
    };
    xhr.addEventListener("loadend", onEnd);
    const detach = () => xhr.removeEventListener("loadend", onEnd);
    state.abandon = () => {
      detach();
      log.finish(entry, 0, "", "", false);
    };
    return () => {
      detach();
      log.remove(entry);
    };
  };

  return {
    open: (original: Fn): Fn =>
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
    setRequestHeader: (original: Fn): Fn =>
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
    send: (original: Fn): Fn =>
      function (this: unknown, ...args) {
        let undo: (() => void) | undefined;
        try {
          // A request the SDK's own files send (under `sdkFolder`) is the widget's, not the page's.
          const own = calledFrom(sdkFolder);
          if (active() && !own) undo = beginXhr(this as XMLHttpRequest, args[0]);
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
  };
}
