import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../../../server/test-support/test-server.ts";
import type { LoginResult } from "../../../shared/auth-api.ts";
import { inboxApi } from "../../inbox/inbox-api.ts";
import { inboxListUrl } from "../../inbox/inbox-list-query.ts";
import { setSession } from "../../session/session-store.ts";
import { initialRouteReady } from "./initial-route.ts";

// A page load at a dashboard address, against the real server: what the first screen asks for before
// anything renders, and that the screen's own call then asks nothing more.
let server: TestServer;
const setPageUrl = (url: string) =>
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(url);
const startUrl = location.href;
/** Every API call's path and query, watched without being changed. */
const calls: string[] = [];
const nativeFetch = globalThis.fetch;

async function signIn(): Promise<void> {
  const response = await nativeFetch(`${server.mainUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ login: "admin@example.com", password: "admin" }),
  });
  expect(response.status).toBe(200);
  setSession((await response.json()) as LoginResult);
}

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
  await server.dispose();
});

beforeEach(async () => {
  await signIn();
  calls.length = 0;
});

describe("a page load at a dashboard address", () => {
  test("the inbox's first page is asked for before the screen renders, and once", async () => {
    setPageUrl(`${server.mainUrl}/dashboard/inbox?status=any&sort=priority`);
    await initialRouteReady(10_000);
    // Every status (`any`) is no status parameter; the sort as the address has it.
    expect(calls).toEqual(["/api/feedback?sort=priority&page=1&pageSize=25"]);
    // The screen's own call, as it makes it when it mounts, takes that answer.
    const page = await inboxApi.list(inboxListUrl.parse("status=any&sort=priority"));
    expect(page.items).toBeArray();
    expect(calls).toHaveLength(1);
  });

  test("a report opened by its address is read once, before the screen renders", async () => {
    setPageUrl(`${server.mainUrl}/dashboard/inbox/0199ab00-0000-7000-8000-000000000000`);
    await initialRouteReady(10_000);
    expect(calls).toEqual(["/api/feedback/0199ab00-0000-7000-8000-000000000000"]);
    // No such report: the screen's call gets the server's answer, not a second request.
    await expect(inboxApi.get("0199ab00-0000-7000-8000-000000000000")).rejects.toMatchObject({
      status: 404,
    });
    expect(calls).toHaveLength(1);
  });

  test("signed out, nothing is asked: the auth guard sends the visitor to sign in", async () => {
    setSession(null);
    setPageUrl(`${server.mainUrl}/dashboard/inbox`);
    await initialRouteReady(10_000);
    expect(calls).toEqual([]);
  });

  test("a screen that starts nothing early, and the sign-in page, ask for nothing", async () => {
    for (const path of ["/dashboard/users", "/login"]) {
      setPageUrl(`${server.mainUrl}${path}`);
      await initialRouteReady(10_000);
    }
    expect(calls).toEqual([]);
  });
});
