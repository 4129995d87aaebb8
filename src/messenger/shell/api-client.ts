import { FetchError, ofetch } from "ofetch";

/**
 * The frame's one client of the widget API (`apiUrl` from `session-update`, routes in the family files
 * of src/shared/: messenger-home-api.ts, conversations-api.ts, …). Every call carries the project key
 * (`Api-Token`) and the session (`Gleap-Id`, `Gleap-Hash`), speaks JSON, and fails with an `ApiError`
 * that says what went wrong in terms a screen can act on. It is the edge of the frame app: screens get
 * it from `useShell().api`, and tests hand the shell a fake with the same interface (`fake-api.ts`).
 *
 * ```ts
 * const home = await api.get<MessengerHome>("/messenger/home");
 * await api.post<{ id: string }>(`/surveys/${id}/answers`, { answers });
 * ```
 *
 * Paths are relative to the widget API; put ids through `encodeURIComponent` (or use `path`).
 */
export interface MessengerApi {
  get<T>(path: string, query?: Record<string, string>): Promise<T>;
  post<T>(path: string, body?: unknown): Promise<T>;
  put<T>(path: string, body?: unknown): Promise<T>;
  delete<T>(path: string): Promise<T>;
}

/** What the frame needs to call the API: from the host's `session-update`. */
export interface ApiSession {
  apiUrl: string;
  sdkKey: string;
  gleapId: string | null;
  gleapHash: string | null;
}

/**
 * Why a call failed:
 * - `offline`: no answer at all (network down, CORS refused, timed out);
 * - `not-found`: 404, the thing is not there (or not live);
 * - `conflict`: 409, the server refuses a repeat (a survey answered before);
 * - `rejected`: another 4xx, the server's `error` text says why (and `field` where);
 * - `server`: a 5xx;
 * - `not-ready`: called before the host sent a session.
 */
export type ApiErrorKind = "offline" | "not-found" | "conflict" | "rejected" | "server" | "not-ready";

export class ApiError extends Error {
  override name = "ApiError";
  constructor(
    readonly kind: ApiErrorKind,
    /** The HTTP status, 0 without an answer. */
    readonly status: number,
    message: string,
    /** The field a validation error names (`{error, field}` bodies). */
    readonly field?: string,
  ) {
    super(message);
  }
}

/** An `ApiError` for anything a call may throw. */
export function toApiError(failure: unknown): ApiError {
  if (failure instanceof ApiError) return failure;
  if (failure instanceof FetchError) {
    const status = failure.status ?? 0;
    const body = (failure.data ?? {}) as { error?: unknown; field?: unknown };
    const message = typeof body.error === "string" ? body.error : failure.message;
    const field = typeof body.field === "string" ? body.field : undefined;
    if (status === 0) return new ApiError("offline", 0, message);
    const kind: ApiErrorKind =
      status === 404 ? "not-found" : status === 409 ? "conflict" : status >= 500 ? "server" : "rejected";
    return new ApiError(kind, status, message, field);
  }
  return new ApiError("offline", 0, failure instanceof Error ? failure.message : String(failure));
}

/** A path with its segments encoded: ``path`/help/articles/${id}` `` without surprises. */
export function path(strings: TemplateStringsArray, ...values: Array<string | number>): string {
  return strings.reduce(
    (out, text, index) =>
      out + text + (index < values.length ? encodeURIComponent(String(values[index])) : ""),
    "",
  );
}

/** Calls time out after this long (the visitor then gets the error state with Retry). */
export const requestTimeoutMs = 15_000;

/**
 * `language` is the messenger's language: every read carries it as `lang`, so the server answers
 * content (flows, news, the help center) in the visitor's language, as the messenger shows its own
 * texts in it (and in English where a record has no version in that language).
 */
export function createApiClient(
  session: () => ApiSession | null,
  language: () => string | null = () => null,
): MessengerApi {
  const raw = ofetch.create({ retry: 0, timeout: requestTimeoutMs, headers: { Accept: "application/json" } });

  async function call<T>(method: string, target: string, body?: unknown, query?: Record<string, string>) {
    const current = session();
    if (!current) throw new ApiError("not-ready", 0, "The session is not ready yet.");
    const headers: Record<string, string> = { "Api-Token": current.sdkKey };
    if (current.gleapId && current.gleapHash) {
      headers["Gleap-Id"] = current.gleapId;
      headers["Gleap-Hash"] = current.gleapHash;
    }
    try {
      return await raw<T>(target, {
        baseURL: current.apiUrl.replace(/\/+$/, ""),
        method,
        headers,
        ...(body === undefined ? {} : { body: body as Record<string, unknown> }),
        ...(query ? { query } : {}),
      });
    } catch (failure) {
      throw toApiError(failure);
    }
  }

  const withLanguage = (query: Record<string, string> | undefined) => {
    const lang = language();
    return lang ? { ...query, lang } : query;
  };

  return {
    get: (target, query) => call("GET", target, undefined, withLanguage(query)),
    post: (target, body) => call("POST", target, body ?? {}),
    put: (target, body) => call("PUT", target, body ?? {}),
    delete: (target) => call("DELETE", target),
  };
}
