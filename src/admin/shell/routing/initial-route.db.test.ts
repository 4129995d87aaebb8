import { beforeEach, describe, expect, test } from "bun:test";
import { inboxApi } from "../../inbox/inbox-api.ts";
import { inboxListUrl } from "../../inbox/inbox-list-query.ts";
import { setSession } from "../../session/session-store.ts";
import { watchedAdminServer } from "../../test-support/watched-admin-server.ts";
import { initialRouteReady } from "./initial-route.ts";

// A page load at a dashboard address, against the real server: what the first screen asks for before
// anything renders, and that the screen's own call then asks nothing more.
const watched = watchedAdminServer();
const { calls, setPageUrl } = watched;

beforeEach(async () => {
  await watched.signIn();
  calls.length = 0;
});

describe("a page load at a dashboard address", () => {
  test("the inbox's first page is asked for before the screen renders, and once", async () => {
    setPageUrl(`${watched.server.mainUrl}/dashboard/inbox?status=any&sort=priority`);
    await initialRouteReady(10_000);
    // Every status (`any`) is no status parameter; the sort as the address has it.
    expect(calls).toEqual(["/api/feedback?sort=priority&page=1&pageSize=25"]);
    // The screen's own call, as it makes it when it mounts, takes that answer.
    const page = await inboxApi.list(inboxListUrl.parse("status=any&sort=priority"));
    expect(page.items).toBeArray();
    expect(calls).toHaveLength(1);
  });

  test("a report opened by its address is read once, before the screen renders", async () => {
    setPageUrl(`${watched.server.mainUrl}/dashboard/inbox/0199ab00-0000-7000-8000-000000000000`);
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
    setPageUrl(`${watched.server.mainUrl}/dashboard/inbox`);
    await initialRouteReady(10_000);
    expect(calls).toEqual([]);
  });

  test("a screen that starts nothing early, and the sign-in page, ask for nothing", async () => {
    for (const path of ["/dashboard/users", "/login"]) {
      setPageUrl(`${watched.server.mainUrl}${path}`);
      await initialRouteReady(10_000);
    }
    expect(calls).toEqual([]);
  });
});
