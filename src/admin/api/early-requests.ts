import { api } from "./api-client.ts";

/** How long an early answer waits for its screen; older, the screen asks again. */
export const earlyAnswerMs = 10_000;

/**
 * GETs started ahead of the screen that will make them: a page load's first screen, while its code is
 * still on its way (initial-route.ts). Kept out of api-client.ts, which the sign-in route's entry holds
 * under its budget; only the calls that can be started early look here (`takeOr`). `now` is the clock
 * the 10 s are read on.
 */
export function earlyRequests(now: () => number = () => Date.now()) {
  const early = new Map<string, { answer: Promise<unknown>; startedAt: number }>();
  return {
    /** Starts `GET path` now (`api`: the bearer token, the loading bar); once per path until taken. */
    start(path: string): void {
      if (early.has(path)) return;
      const answer = api<unknown>(path);
      // A failure is the taking screen's to show; one never taken is dropped.
      answer.catch(() => undefined);
      early.set(path, { answer, startedAt: now() });
    },
    /**
     * The screen's `GET path`: the answer (or failure) started early for that very path, taken once and
     * within 10 s of its start; otherwise `request()`, a request of its own.
     */
    takeOr<T>(path: string, request: () => Promise<T>): Promise<T> {
      const found = early.get(path);
      early.delete(path);
      return found && now() - found.startedAt <= earlyAnswerMs ? (found.answer as Promise<T>) : request();
    },
  };
}

const shared = earlyRequests();

/** `GET path` started early for the screen that will ask for it (inbox-routes.ts). */
export const startEarly = shared.start;

/** The screen's own `GET path`, taking the early answer when there is one (inbox-api.ts). */
export const earlyOr = shared.takeOr;
