import { AsyncLocalStorage } from "node:async_hooks";

/**
 * The id of the request being answered, carried through everything its handler awaits, so a line
 * logged anywhere while answering it carries the id its answer carries as `X-Request-Id`
 * (request-log.ts sets it, logger.ts reads it).
 */
const requests = new AsyncLocalStorage<string>();

export function runWithRequestId<T>(requestId: string, work: () => T): T {
  return requests.run(requestId, work);
}

export function currentRequestId(): string | undefined {
  return requests.getStore();
}

/**
 * Runs `work` outside any request: for shared work a request only wakes (a dispatcher's pass), whose
 * lines are about many requests' rows and so must not carry the id of the one that woke it.
 */
export function outsideRequest<T>(work: () => T): T {
  return requests.exit(work);
}
