import { beforeEach, describe, expect, test } from "bun:test";
import { watchedAdminServer } from "../test-support/watched-admin-server.ts";
import { api } from "./api-client.ts";
import { earlyAnswerMs, earlyRequests } from "./early-requests.ts";

// Against the real server, counting the requests that reach it: an early start saves the screen's own.
const watched = watchedAdminServer();
const { calls, setPageUrl } = watched;

beforeEach(async () => {
  setPageUrl(`${watched.server.mainUrl}/dashboard`);
  await watched.signIn();
  calls.length = 0;
});

/** The early requests under test, on a clock the tests move. */
let clock = 0;
const { start: startEarly, takeOr } = earlyRequests(() => clock);

/** The screen's own call for `path`, as the inbox's calls make it. */
const screenCall = (path: string) => takeOr(path, () => api<{ user: { email: string } }>(path));

describe("requests started early (a page load's first screen)", () => {
  test("the screen's call takes the early answer: one request between them", async () => {
    startEarly("/api/auth/me");
    const me = await screenCall("/api/auth/me");
    expect(me.user.email).toBe("admin@example.com");
    expect(calls).toEqual(["/api/auth/me"]);
  });

  test("only once: the next call asks the server again", async () => {
    startEarly("/api/auth/me?first");
    await screenCall("/api/auth/me?first");
    await screenCall("/api/auth/me?first");
    expect(calls).toEqual(["/api/auth/me?first", "/api/auth/me?first"]);
  });

  test("a call for another path is not given it, nor is a plain api() call", async () => {
    startEarly("/api/auth/me?early");
    await screenCall("/api/auth/me?other");
    await api("/api/auth/me?early");
    expect(calls).toEqual(["/api/auth/me?early", "/api/auth/me?other", "/api/auth/me?early"]);
    // Still waiting for its own screen.
    await screenCall("/api/auth/me?early");
    expect(calls).toHaveLength(3);
  });

  test("an answer 10 s old is still taken", async () => {
    startEarly("/api/auth/me?aged");
    clock += earlyAnswerMs;
    await screenCall("/api/auth/me?aged");
    expect(calls).toEqual(["/api/auth/me?aged"]);
  });

  test("an answer older than 10 s is left: the screen asks again", async () => {
    startEarly("/api/auth/me?old");
    clock += earlyAnswerMs + 1;
    await screenCall("/api/auth/me?old");
    expect(calls).toEqual(["/api/auth/me?old", "/api/auth/me?old"]);
  });

  test("a failure is the screen's to see, once it asks", async () => {
    startEarly("/api/no-such-endpoint");
    await expect(screenCall("/api/no-such-endpoint")).rejects.toMatchObject({ status: 404 });
    expect(calls).toEqual(["/api/no-such-endpoint"]);
  });

  test("a second early start of a path still waiting is the same request", async () => {
    startEarly("/api/auth/me?twice");
    startEarly("/api/auth/me?twice");
    await screenCall("/api/auth/me?twice");
    expect(calls).toEqual(["/api/auth/me?twice"]);
  });
});
