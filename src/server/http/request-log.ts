import type { LogFields, Logger } from "../logger.ts";
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

const acceptedRequestId = /^[\w.-]{8,128}$/;

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
 * 500 with the id, so a user can quote it. Being the one place every answer of both origins passes, it
 * also sets their security headers (security-headers.ts).
 */
export function withRequestLog<SocketData>(
  logger: Logger,
  origin: string,
  handler: Handler<SocketData>,
): Handler<SocketData> {
  const logRequest = deferredLines(logger);
  return async (request, server) => {
    const started = performance.now();
    const incoming = request.headers.get("x-request-id");
    const requestId = incoming && acceptedRequestId.test(incoming) ? incoming : crypto.randomUUID();
    const path = requestPath(request.url);
    let response: Response | undefined;
    try {
      response = await handler(request, server);
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
    logRequest({
      requestId,
      origin,
      method: request.method,
      path,
      status: response?.status ?? 101,
      durationMs: Math.round((performance.now() - started) * 100) / 100,
    });
    return response;
  };
}
