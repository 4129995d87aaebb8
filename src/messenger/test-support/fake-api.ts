import { ApiError, type MessengerApi } from "../shell/api-client.ts";

/**
 * A test double of the messenger's API client: answers by `"METHOD /path"` (the query string
 * included for GETs with one). A route's value is the answer, an `ApiError` to throw, a function of
 * the body (which may throw or return a promise), or a promise the test resolves itself (loading
 * states). A call to a route that is not there is a 404. Every call is recorded.
 */
export type Route = unknown | ((body: unknown) => unknown);

export interface FakeApi extends MessengerApi {
  calls: Array<{ method: string; path: string; body?: unknown }>;
  routes: Record<string, Route>;
  /** How many calls went to `"METHOD /path"`. */
  count(route: string): number;
}

export function fakeApi(
  routes: Record<string, Route> = {},
  /** Like the real client: no call before the host sent a session. */
  ready: () => boolean = () => true,
): FakeApi {
  const calls: FakeApi["calls"] = [];
  async function respond(method: string, path: string, body?: unknown) {
    if (!ready()) throw new ApiError("not-ready", 0, "The session is not ready yet.");
    calls.push(body === undefined ? { method, path } : { method, path, body });
    const key = `${method} ${path}`;
    if (!Object.hasOwn(api.routes, key)) throw new ApiError("not-found", 404, `No route ${key}`);
    const route = api.routes[key];
    const value =
      typeof route === "function" ? await (route as (body: unknown) => unknown)(body) : await route;
    if (value instanceof ApiError) throw value;
    return structuredClone(value);
  }
  const api: FakeApi = {
    calls,
    routes,
    count: (route) => calls.filter((call) => `${call.method} ${call.path}` === route).length,
    get: (path, query) =>
      respond("GET", query ? `${path}?${new URLSearchParams(query).toString()}` : path) as never,
    post: (path, body) => respond("POST", path, body ?? {}) as never,
    put: (path, body) => respond("PUT", path, body ?? {}) as never,
    delete: (path) => respond("DELETE", path) as never,
  };
  return api;
}

/** A promise with its resolve and reject outside, for answers that arrive when the test says. */
export function deferred<T = unknown>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}
