import type { LogFields, Logger } from "../logger.ts";
import { runWithRequestId } from "../request-context.ts";
import { diskFullAnswer, isOutOfSpace } from "./disk-full-guard.ts";
import { requestPath } from "./request-path.ts";
import { applySecurityHeaders } from "./security-headers.ts";

/** What a handler may use of the Bun server: the client's address and the websocket upgrade. */
export interface ServerFacade<SocketData = undefined> {
  requestIP(request: Request): { address: string } | null;
  upgrade(request: Request, options: { data: SocketData }): boolean;
}

/** Answers a request; `undefined` means the request was upgraded to a websocket. */
export type Handler<SocketData = undefined> = (
  request: Request,
  server: ServerFacade<SocketData>,
) => Response | undefined | Promise<Response | undefined>;

/**
 * Told of every answered request after its answer is made (metrics: http-metrics.ts); `status` is 101
 * for a websocket upgrade. Runs on every request, so it must be cheap.
 */
export type RequestObserver = (request: Request, path: string, status: number, seconds: number) => void;

const acceptedRequestId = /^[\w.-]{8,128}$/;

const hostRequired = () => Response.json({ error: "A Host header is required" }, { status: 400 });

/**
 * Request lines wait until the answers of this turn of the event loop are on their way, then are
 * written together: formatting and writing a line no longer sits between a handler's answer
 * and the client. They are written in the next turn of the event loop (`setImmediate`).
 */
function deferredLines(logger: Logger): (fields: LogFields) => void {
  let pending: LogFields[] = [];
  const flush = () => {
    const lines = pending;
    pending = [];
    for (const fields of lines) logger.info("request", fields);
  };
  return (fields) => {
    if (pending.length === 0) setImmediate(flush);
    pending.push(fields);
  };
}

/**
 * Wraps a handler with a request id (the caller's `X-Request-Id` when it looks sane, a new one otherwise),
 * echoes it in the answer, logs one JSON line per request (after the answer, see deferredLines), and turns an unexpected throw into a logged
 * 500 with the id, so a user can quote it. The handler runs with the id as its request context, so
 * whatever it logs carries the id too (request-context.ts). Being the one place every answer of both
 * origins passes, it also sets their security headers (security-headers.ts) and tells `observe`.
 */
export function withRequestLog<SocketData>(
  logger: Logger,
  origin: string,
  handler: Handler<SocketData>,
  observe?: RequestObserver,
): Handler<SocketData> {
  const logRequest = deferredLines(logger);
  return (request, server) => {
    const incoming = request.headers.get("x-request-id");
    const requestId = incoming && acceptedRequestId.test(incoming) ? incoming : crypto.randomUUID();
    return runWithRequestId(requestId, () => answer(request, server, requestId));
  };

  async function answer(request: Request, server: ServerFacade<SocketData>, requestId: string) {
    const started = performance.now();
    // An HTTP/1.0 request without a Host header (a health checker's default, a scanner) reaches Bun's
    // handler with a relative URL, which no route can read (HTTP/1.1 without one Bun refuses itself).
    const hostless = request.url.startsWith("/");
    const path = hostless ? request.url.replace(/[?#].*$/, "") : requestPath(request.url);
    let response: Response | undefined;
    try {
      response = hostless ? hostRequired() : await handler(request, server);
    } catch (error) {
      if (isOutOfSpace(error)) {
        logger.error("out of disk space", { requestId, origin, path, error: String(error) });
        response = diskFullAnswer();
      } else {
        logger.error("unhandled error", {
          requestId,
          origin,
          path,
          error: error instanceof Error ? (error.stack ?? error.message) : String(error),
        });
        response = Response.json({ error: "Internal server error", requestId }, { status: 500 });
      }
    }
    if (response) {
      response.headers.set("X-Request-Id", requestId);
      applySecurityHeaders(response, path);
    }
    const status = response?.status ?? 101;
    const elapsedMs = performance.now() - started;
    observe?.(request, path, status, elapsedMs / 1000);
    logRequest({
      requestId,
      origin,
      method: request.method,
      path,
      status,
      durationMs: Math.round(elapsedMs * 100) / 100,
    });
    return response;
  }
}
