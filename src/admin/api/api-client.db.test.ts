import { afterAll, beforeEach, describe, expect, test } from "bun:test";
import { startBeforeAll } from "../../server/test-support/test-lifecycle.ts";
import { startTestServer, type TestServer } from "../../server/test-support/test-server.ts";
import type { LoginResult } from "../../shared/auth-api.ts";
import { sessionState, setSession } from "../session/session-store.ts";
import { api } from "./api-client.ts";

// The client against the real server: refresh tokens rotate and a reused one ends the session there,
// so "one refresh for all callers" is checked by the server itself, not by counting mock calls.
let server: TestServer;
/** happy-dom's own control over the page address (its window is not typed with it). */
const setPageUrl = (url: string) =>
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(url);
const authCalls: string[] = [];

startBeforeAll(startTestServer, (started) => {
  server = started;
  setPageUrl(`${server.mainUrl}/dashboard`);
});

const startUrl = location.href;

afterAll(async () => {
  globalThis.fetch = nativeFetch;
  setSession(null);
  setPageUrl(startUrl);
});

beforeEach(async () => {
  setSession(await logIn());
  authCalls.length = 0;
  setPageUrl(`${server.mainUrl}/dashboard`);
});

async function logIn(): Promise<LoginResult> {
  const response = await fetch(`${server.mainUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ login: "admin@example.com", password: "admin" }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as LoginResult;
}

/** Watches the calls the client makes to /api/auth/* without changing them. */
const nativeFetch = globalThis.fetch;
globalThis.fetch = Object.assign(
  (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname.startsWith("/api/auth/")) authCalls.push(url.pathname);
    return nativeFetch(input, init);
  },
  { preconnect: nativeFetch.preconnect },
) as typeof fetch;

describe("api client", () => {
  test("a call carries the bearer token and resolves to the JSON body", async () => {
    const me = await api<{ user: { email: string } }>("/api/auth/me");
    expect(me.user.email).toBe("admin@example.com");
    expect(authCalls).toEqual(["/api/auth/me"]);
  });

  test("a 401 refreshes the session once and retries the call", async () => {
    const before = sessionState.refreshToken;
    sessionState.accessToken = "expired-or-forged";

    const me = await api<{ user: { email: string } }>("/api/auth/me");

    expect(me.user.email).toBe("admin@example.com");
    expect(authCalls).toEqual(["/api/auth/me", "/api/auth/refresh", "/api/auth/me"]);
    // The rotation's new tokens are kept, in the store and in the stored values.
    expect(sessionState.refreshToken).not.toBe(before);
    expect(localStorage.getItem("refreshToken")).toBe(sessionState.refreshToken);
    expect(sessionState.accessToken).not.toBe("expired-or-forged");
  });

  test("calls failing together share one refresh (a second would spend a used token)", async () => {
    sessionState.accessToken = "expired-or-forged";

    const results = await Promise.all([
      api<{ user: { email: string } }>("/api/auth/me"),
      api<{ user: { email: string } }>("/api/auth/me"),
      api<{ user: { email: string } }>("/api/auth/me"),
    ]);

    expect(results.map((result) => result.user.email)).toEqual([
      "admin@example.com",
      "admin@example.com",
      "admin@example.com",
    ]);
    expect(authCalls.filter((path) => path === "/api/auth/refresh")).toHaveLength(1);
    expect(sessionState.accessToken).not.toBeNull();
  });

  test("a failed refresh signs out: all four values cleared, back to /", async () => {
    sessionState.accessToken = "expired-or-forged";
    sessionState.refreshToken = "not-a-refresh-token";

    await expect(api("/api/auth/me")).rejects.toMatchObject({ status: 401 });

    expect(sessionState).toMatchObject({ user: null, session: null, accessToken: null, refreshToken: null });
    expect(localStorage.getItem("accessToken")).toBeNull();
    expect(location.pathname).toBe("/");
  });

  test("sign-in calls (auth: false) send no bearer and treat a 401 as the answer", async () => {
    const token = sessionState.accessToken;

    await expect(
      api("/api/auth/login", {
        method: "POST",
        auth: false,
        body: { login: "admin@example.com", password: "wrong" },
      }),
    ).rejects.toMatchObject({ status: 401, data: { error: "Invalid credentials" } });

    expect(authCalls).toEqual(["/api/auth/login"]);
    expect(sessionState.accessToken).toBe(token);
  });
});
