import { proxy } from "valtio";

/** What the error page shows (spec §2 "Error page"). */
export interface AppError {
  statusCode: number;
  statusMessage: string;
  message: string;
}

/** Spec §2: statusCode defaults to 500; statusMessage to 'Page Not Found' for 404, else 'Internal Server Error'. */
export function defaultStatusMessage(statusCode: number): string {
  return statusCode === 404 ? "Page Not Found" : "Internal Server Error";
}

function field(source: unknown, name: string): unknown {
  return typeof source === "object" && source !== null
    ? (source as Record<string, unknown>)[name]
    : undefined;
}

/**
 * Reads any thrown value into the error page's three fields: ofetch errors carry `statusCode`,
 * `statusMessage` and the server's `{ error }` body; plain errors only a message.
 */
export function toAppError(error: unknown): AppError {
  const code = field(error, "statusCode") ?? field(error, "status");
  const statusCode = typeof code === "number" && code >= 400 && code <= 599 ? code : 500;
  const givenStatus = field(error, "statusMessage");
  const serverMessage = field(field(error, "data"), "error");
  const message =
    typeof serverMessage === "string"
      ? serverMessage
      : error instanceof Error
        ? error.message
        : typeof error === "string"
          ? error
          : "";
  return {
    statusCode,
    statusMessage:
      typeof givenStatus === "string" && givenStatus ? givenStatus : defaultStatusMessage(statusCode),
    message,
  };
}

/** Spec §8: crawlers and audit tools (bot, lighthouse, facebook external hit, google) get no error page. */
export function isBotUserAgent(userAgent: string): boolean {
  return /bot|lighthouse|facebookexternalhit|google/i.test(userAgent);
}

/**
 * Whether an unhandled rejection is the app's own: an Error thrown by our code (its stack runs through
 * this origin's scripts) or a failed API call. Third-party scripts on the page (reCAPTCHA rejects with
 * `null` or "Timeout", browser extensions) must not replace the dashboard with an error page.
 */
export function isOwnFailure(reason: unknown, origin: string): boolean {
  if (!(reason instanceof Error)) return false;
  return reason.name === "FetchError" || (reason.stack ?? "").includes(origin);
}

export const errorState = proxy<{ error: AppError | null }>({ error: null });

/**
 * A fatal or unhandled error: logged always, shown as the error page unless a bot is reading (a bot
 * indexing an error page would remember the error instead of the page).
 */
export function reportFatalError(error: unknown, userAgent: string): void {
  console.error(error);
  if (isBotUserAgent(userAgent)) return;
  errorState.error = toAppError(error);
}

export function clearFatalError(): void {
  errorState.error = null;
}
