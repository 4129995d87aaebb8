/** The one error body of every API: `{ error, field? }` (PLATFORM-DOMAIN.md). */
export interface ErrorBody {
  error: string;
  field?: string;
}

const plainJsonHeaders = { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" };

export function json(data: unknown, init: ResponseInit = {}): Response {
  // Most answers add no headers of their own: no Headers object to build and merge (a ping's answer).
  if (init.headers === undefined)
    return new Response(JSON.stringify(data), { ...init, headers: plainJsonHeaders });
  const headers = new Headers(init.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "no-store");
  return new Response(JSON.stringify(data), { ...init, headers });
}

export function jsonError(status: number, error: string, field?: string, init: ResponseInit = {}): Response {
  const body: ErrorBody = field === undefined ? { error } : { error, field };
  return json(body, { ...init, status });
}
