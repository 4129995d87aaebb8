import { jsonError } from "../../http/json-response.ts";

/**
 * A report turned away before it is stored: a quota is used up (429), or the server is already
 * receiving as many reports as it may hold (503). Either way the sender may try again after
 * `retryAfterSeconds`.
 */
export class ReportRefused extends Error {
  constructor(
    readonly status: 429 | 503,
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }

  response(): Response {
    return jsonError(this.status, this.message, undefined, {
      headers: { "Retry-After": String(this.retryAfterSeconds) },
    });
  }
}
