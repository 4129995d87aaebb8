import { describe, expect, test } from "bun:test";
import { deferred, fakeApi } from "../test-support/fake-api.ts";
import { ApiError } from "./api-client.ts";
import { createQueryCache } from "./query-cache.ts";

describe("the query cache", () => {
  test("one request for many readers; a refresh keeps the data while it runs", async () => {
    const api = fakeApi({ "GET /news": [1] });
    const cache = createQueryCache(() => api);
    await Promise.all([cache.fetch("/news"), cache.fetch("/news")]);
    expect(api.count("GET /news")).toBe(1);
    expect(cache.read("/news")).toEqual({ status: "ready", data: [1], refreshing: false });
    const later = deferred();
    api.routes["GET /news"] = later.promise;
    const refresh = cache.fetch("/news", true);
    expect(cache.read("/news")).toEqual({ status: "ready", data: [1], refreshing: true });
    later.resolve([1, 2]);
    await refresh;
    expect(cache.read("/news")).toEqual({ status: "ready", data: [1, 2], refreshing: false });
  });

  test("an error, then a retry; a failed refresh keeps what was shown", async () => {
    const api = fakeApi({ "GET /news": new ApiError("offline", 0, "down") });
    const cache = createQueryCache(() => api);
    await cache.fetch("/news");
    expect(cache.read("/news")).toMatchObject({ status: "error", error: { kind: "offline" } });
    api.routes["GET /news"] = [1];
    await cache.fetch("/news", true);
    expect(cache.read("/news")).toMatchObject({ status: "ready", data: [1] });
    api.routes["GET /news"] = new ApiError("server", 500, "boom");
    await cache.fetch("/news", true);
    expect(cache.read("/news")).toMatchObject({ status: "ready", data: [1] });
  });

  test("invalidate refetches what is shown under a prefix; clear refetches what is shown", async () => {
    const api = fakeApi({ "GET /news": [1], "GET /news/1": { id: 1 }, "GET /help/collections": [] });
    const cache = createQueryCache(() => api);
    const stop = cache.subscribe("/news", () => {});
    await cache.fetch("/news");
    await cache.fetch("/news/1");
    await cache.fetch("/help/collections");
    cache.invalidate("/news");
    await Promise.resolve();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(api.count("GET /news")).toBe(2);
    expect(api.count("GET /news/1")).toBe(2);
    expect(api.count("GET /help/collections")).toBe(1);
    cache.clear();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(api.count("GET /news")).toBe(3);
    expect(cache.read("/help/collections")).toEqual({ status: "loading" });
    stop();
  });

  test("invalidate while an answer is on its way fetches again, and the newer answer wins", async () => {
    const first = deferred();
    const api = fakeApi({ "GET /home": first.promise });
    const cache = createQueryCache(() => api);
    const stop = cache.subscribe("/home", () => {});
    const pending = cache.fetch("/home");
    api.routes["GET /home"] = { unread: 1 };
    cache.invalidate("/home");
    first.resolve({ unread: 0 });
    await pending;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(api.count("GET /home")).toBe(2);
    expect(cache.read("/home")).toMatchObject({ data: { unread: 1 } });
    stop();
  });

  test("revalidate refetches only an answer older than the age given", async () => {
    const api = fakeApi({ "GET /news": [1] });
    const cache = createQueryCache(() => api);
    await cache.fetch("/news");
    cache.revalidate("/news", 60_000);
    cache.revalidate("/unknown", 0);
    expect(api.count("GET /news")).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    cache.revalidate("/news", 1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(api.count("GET /news")).toBe(2);
  });

  test("set puts an answer in; an older answer never overwrites it", async () => {
    const slow = deferred();
    const api = fakeApi({ "GET /news": slow.promise });
    const cache = createQueryCache(() => api);
    const pending = cache.fetch("/news");
    cache.set("/news", ["pushed"]);
    slow.resolve(["stale"]);
    await pending;
    expect(cache.read("/news")).toMatchObject({ data: ["pushed"] });
  });
});
