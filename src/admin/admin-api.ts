import { FetchError, ofetch } from "ofetch";

/** The admin's one HTTP client for the platform API (same origin). */
export const adminApi = ofetch.create({ headers: { Accept: "application/json" } });

/** The server's `{ error }` message when there is one, else a generic line a person can act on. */
export function apiErrorMessage(failure: unknown): string {
  if (failure instanceof FetchError) {
    const body = failure.data as { error?: unknown } | undefined;
    if (body && typeof body.error === "string") return body.error;
  }
  return "There seems to be an error, please try again later.";
}
