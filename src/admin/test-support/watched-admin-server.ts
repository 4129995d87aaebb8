import { afterAll, beforeAll } from "bun:test";
import { startTestServer, type TestServer } from "../../server/test-support/test-server.ts";
import type { LoginResult } from "../../shared/auth-api.ts";
import { setSession } from "../session/session-store.ts";

/**
 * The admin's code in happy-dom against the real server, with every call's path and query noted on
 * its way (nothing changed): for tests that count what a page load asks the server. Registers its own
 * beforeAll and afterAll (the server, the watched fetch, the page address put back).
 */
export interface WatchedAdminServer {
  /** The running server (set once beforeAll has run). */
  readonly server: TestServer;
  /** Path and query of each call since the last `calls.length = 0`. */
  readonly calls: string[];
  /** Moves the page's address (happy-dom), as a navigation would. */
  setPageUrl(url: string): void;
  /** Signs the demo admin in through the API (not counted) and keeps the session as the admin does. */
  signIn(): Promise<void>;
}

export function watchedAdminServer(): WatchedAdminServer {
  const nativeFetch = globalThis.fetch;
  const startUrl = location.href;
  const calls: string[] = [];
  let server: TestServer | null = null;
  const setPageUrl = (url: string) =>
    (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(url);

  beforeAll(async () => {
    server = await startTestServer();
    globalThis.fetch = Object.assign(
      (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(input instanceof Request ? input.url : String(input));
        calls.push(url.pathname + url.search);
        return nativeFetch(input, init);
      },
      { preconnect: nativeFetch.preconnect },
    ) as typeof fetch;
  });
  afterAll(async () => {
    globalThis.fetch = nativeFetch;
    setSession(null);
    setPageUrl(startUrl);
    await server?.dispose();
  });

  return {
    get server() {
      if (!server) throw new Error("the server starts in beforeAll");
      return server;
    },
    calls,
    setPageUrl,
    async signIn() {
      const response = await nativeFetch(`${this.server.mainUrl}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ login: "admin@example.com", password: "admin" }),
      });
      if (response.status !== 200) throw new Error(`sign-in answered ${response.status}`);
      setSession((await response.json()) as LoginResult);
    },
  };
}
