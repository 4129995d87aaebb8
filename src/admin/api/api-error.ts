import { FetchError } from "ofetch";

/** A generic line a person can act on (spec §8), used when the server gave no message. */
export const genericErrorMessage = "There seems to be an error, please try again later.";

/** The server's `{ error }` message when there is one, else the generic line. */
export function apiErrorMessage(failure: unknown): string {
  if (failure instanceof FetchError) {
    const body = failure.data as { error?: unknown } | undefined;
    if (body && typeof body.error === "string") return body.error;
  }
  return genericErrorMessage;
}

/** The failed answer's body, for flags such as `mfaRequired`. */
export function apiErrorBody(failure: unknown): Record<string, unknown> | null {
  if (!(failure instanceof FetchError)) return null;
  const data = failure.data as unknown;
  return data && typeof data === "object" ? (data as Record<string, unknown>) : null;
}

export function apiErrorStatus(failure: unknown): number | undefined {
  return failure instanceof FetchError ? failure.status : undefined;
}
