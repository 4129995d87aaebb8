import { calledFrom } from "../../shared/call-origin.ts";
import type { Fn } from "./method-patches.ts";
import {
  headersOf,
  isText,
  maxBodySize,
  noop,
  payloadOf,
  readCapped,
  tooLargeText,
  unsupportedText,
} from "./network-bodies.ts";
import type { Captured, RequestLog } from "./request-log.ts";

function onResponse(log: RequestLog, entry: Captured, response: Response) {
  const type = response.headers.get("content-type");
  const done = (text: string) => log.finish(entry, response.status, response.statusText, text, true);
  if (!isText(type)) return done(unsupportedText);
  if (Number(response.headers.get("content-length")) > maxBodySize) return done(tooLargeText);
  // Cloned synchronously, before the host's own `then` runs, so its body stays unread for the host.
  readCapped(response.clone().body)
    .then(done, () => done(""))
    .catch(noop);
}

const asRequest = (input: unknown) =>
  typeof input === "object" && input !== null && typeof (input as Request).clone === "function"
    ? (input as Request)
    : undefined;

const urlOf = (input: unknown) => asRequest(input)?.url ?? String(input);

function beginFetch(log: RequestLog, input: RequestInfo | URL, init: RequestInit | undefined) {
  const request = asRequest(input);
  const entry = log.begin(
    urlOf(input),
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
}

/**
 * The page's `fetch`, logged while `active()`: it returns exactly what the host's call returns or
 * throws, whatever the bookkeeping does. A call from the SDK's own files (under `sdkFolder`: snapdom
 * inlining the page's pictures and fonts for a screenshot) is the widget's, not the page's: it is
 * not logged, and its URL is remembered so its resource timing stays out too.
 */
export const wrapFetch =
  (log: RequestLog, active: () => boolean, sdkFolder = "") =>
  (original: Fn): Fn =>
    function (this: unknown, ...args) {
      let entry: Captured | undefined;
      try {
        if (!active()) {
          // Not logging.
        } else if (calledFrom(sdkFolder)) log.skip(urlOf(args[0]));
        else entry = beginFetch(log, args[0] as RequestInfo | URL, args[1] as RequestInit | undefined);
      } catch {
        // Bookkeeping only; the host's request goes out regardless.
      }
      let result: Promise<Response>;
      try {
        result = original.apply(this, args) as Promise<Response>;
      } catch (error) {
        try {
          if (entry) log.fail(entry, error);
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
            onResponse(log, captured, response);
          } catch {
            // The host still gets its response.
          }
          return response;
        },
        (error: unknown) => {
          try {
            log.fail(captured, error);
          } catch {
            // The host still gets its own error.
          }
          throw error;
        },
      );
    };
