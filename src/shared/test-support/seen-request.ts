/** A request as a test's HTTP server saw it: what a client under test put on the wire. */
export interface SeenRequest {
  method: string;
  /** The path with its query string. */
  path: string;
  headers: Record<string, string>;
  body: string;
}

export async function seenRequest(request: Request): Promise<SeenRequest> {
  const url = new URL(request.url);
  return {
    method: request.method,
    path: url.pathname + url.search,
    headers: Object.fromEntries(request.headers),
    body: await request.text(),
  };
}
