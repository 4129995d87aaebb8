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

function beginFetch(log: RequestLog, input: RequestInfo | URL, init: RequestInit | undefined) {
  const request =
    typeof input === "object" && typeof (input as Request).clone === "function"
      ? (input as Request)
      : undefined;
  const entry = log.begin(
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
}

/**
 * The page's `fetch`, logged while `active()`: it returns exactly what the host's call returns or
 * throws, whatever the bookkeeping does.
 */
export const wrapFetch =
  (log: RequestLog, active: () => boolean) =>
  (original: Fn): Fn =>
    function (this: unknown, ...args) {
      let entry: Captured | undefined;
      try {
        if (active())
          entry = beginFetch(log, args[0] as RequestInfo | URL, args[1] as RequestInit | undefined);
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
