import { FetchError, type FetchOptions, ofetch } from "ofetch";
import type { LoginResult } from "../../shared/auth-api.ts";
import { sessionState, setSession } from "../session/session-store.ts";
import { finishLoading, startLoading } from "../shell/overlay/loading-bar-store.ts";

/**
 * Same-origin JSON client; ofetch's own retries are off so a 401 is seen exactly once here. The page's
 * origin is the base, read per call: a browser would resolve "/api/…" the same way, and the client's
 * tests point a DOM without a browser at a real test server this way.
 */
const raw = ofetch.create({
  headers: { Accept: "application/json" },
  retry: 0,
  onRequest: ({ options }) => {
    options.baseURL ??= location.origin;
  },
});

export interface ApiOptions extends Omit<FetchOptions<"json">, "headers"> {
  headers?: Record<string, string>;
  /** false for the sign-in calls themselves: no bearer, and a 401 is an answer, not an expired token. */
  auth?: boolean;
}

let refreshing: Promise<boolean> | null = null;

/**
 * One refresh for all callers: refresh tokens work once (the server ends the session on reuse), so
 * requests failing together must wait for the same rotation instead of each spending the token.
 */
function refreshSession(): Promise<boolean> {
  refreshing ??= (async () => {
    const refreshToken = sessionState.refreshToken;
    if (!refreshToken) return false;
    try {
      const result = await raw<LoginResult>("/api/auth/refresh", {
        method: "POST",
        body: { refresh_token: refreshToken },
      });
      setSession(result);
      return true;
    } catch {
      return false;
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

function withBearer(options: ApiOptions): FetchOptions<"json"> {
  const { auth = true, headers = {}, ...rest } = options;
  const token = sessionState.accessToken;
  return {
    ...rest,
    headers: auth && token ? { ...headers, Authorization: `Bearer ${token}` } : headers,
  } as FetchOptions<"json">;
}

/**
 * A platform API call with the bearer token. On a 401 it refreshes the session once and retries once;
 * a failed refresh signs out (which leads to `/`). Every call drives the top loading bar.
 */
export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  startLoading();
  let failed = false;
  try {
    try {
      return await raw<T>(path, withBearer(options));
    } catch (failure) {
      const expired =
        options.auth !== false &&
        failure instanceof FetchError &&
        failure.status === 401 &&
        sessionState.accessToken;
      if (!expired) throw failure;
      if (!(await refreshSession())) {
        setSession(null);
        throw failure;
      }
      return await raw<T>(path, withBearer(options));
    }
  } catch (failure) {
    failed = true;
    throw failure;
  } finally {
    finishLoading(failed);
  }
}
