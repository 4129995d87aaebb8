import { afterAll, describe, expect, test } from "bun:test";
import { type SeenRequest, seenRequest } from "../../shared/test-support/seen-request.ts";
import { ApiError, createApiClient, path } from "./api-client.ts";

// The client against a real HTTP server: what goes over the wire, and how answers become errors.
const seen: SeenRequest[] = [];
const server = Bun.serve({
  port: 0,
  async fetch(request) {
    const url = new URL(request.url);
    seen.push(await seenRequest(request));
    switch (url.pathname) {
      case "/api/widget/messenger/home":
        return Response.json({ flows: [] });
      case "/api/widget/surveys/s%201/answers":
        return Response.json({ error: "You already answered this survey" }, { status: 409 });
      case "/api/widget/conversations":
        return Response.json({ error: "text is too long", field: "text" }, { status: 400 });
      case "/api/widget/boom":
        return new Response("oops", { status: 500 });
      default:
        return Response.json({ error: "Not found" }, { status: 404 });
    }
  },
});
afterAll(() => server.stop(true));

const apiUrl = `http://127.0.0.1:${server.port}/api/widget/`;
const api = createApiClient(() => ({ apiUrl, sdkKey: "demo", gleapId: "g-1", gleapHash: "h-1" }));

async function failure(call: Promise<unknown>): Promise<ApiError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error("the call did not fail");
}

describe("the API client", () => {
  test("calls the session's API with the project key and the session headers, and answers the JSON", async () => {
    seen.length = 0;
    expect(await api.get("/messenger/home")).toEqual({ flows: [] });
    expect(seen[0]?.path).toBe("/api/widget/messenger/home");
    expect(seen[0]?.headers["api-token"]).toBe("demo");
    expect(seen[0]?.headers["gleap-id"]).toBe("g-1");
    expect(seen[0]?.headers["gleap-hash"]).toBe("h-1");
    await api.get("/help/search", { q: "a b" }).catch(() => {});
    expect(seen[1]?.path).toBe("/api/widget/help/search?q=a+b");
  });

  test("reads carry the messenger's language as `lang`, so content comes in it; writes do not", async () => {
    let language: string | null = "de-at";
    const speaking = createApiClient(
      () => ({ apiUrl, sdkKey: "demo", gleapId: "g-1", gleapHash: "h-1" }),
      () => language,
    );
    seen.length = 0;
    await speaking.get("/messenger/home");
    expect(seen[0]?.path).toBe("/api/widget/messenger/home?lang=de-at");
    await speaking.get("/help/search?q=a", { page: "2" }).catch(() => {});
    expect(new URL(`http://x${seen[1]?.path}`).searchParams.get("lang")).toBe("de-at");
    expect(new URL(`http://x${seen[1]?.path}`).searchParams.get("q")).toBe("a");
    language = "ar";
    await speaking.get("/messenger/home");
    expect(seen[2]?.path).toBe("/api/widget/messenger/home?lang=ar");
    await speaking.post("/conversations", { text: "x" }).catch(() => {});
    expect(seen[3]?.path).toBe("/api/widget/conversations");
  });

  test("typed errors: 409 conflict, 400 rejected with its field, 404, 5xx, no answer, no session", async () => {
    const conflict = await failure(api.post(path`/surveys/${"s 1"}/answers`, { answers: {} }));
    expect(conflict).toMatchObject({
      kind: "conflict",
      status: 409,
      message: "You already answered this survey",
    });
    expect(seen.at(-1)?.body).toBe('{"answers":{}}');
    expect(seen.at(-1)?.headers["content-type"]).toContain("application/json");
    expect(await failure(api.post("/conversations", { text: "x" }))).toMatchObject({
      kind: "rejected",
      status: 400,
      message: "text is too long",
      field: "text",
    });
    expect(await failure(api.get("/flows/nope"))).toMatchObject({ kind: "not-found", status: 404 });
    expect(await failure(api.get("/boom"))).toMatchObject({ kind: "server", status: 500 });
    const offline = createApiClient(() => ({
      apiUrl: "http://127.0.0.1:9/api",
      sdkKey: "demo",
      gleapId: null,
      gleapHash: null,
    }));
    expect(await failure(offline.get("/messenger/home"))).toMatchObject({ kind: "offline", status: 0 });
    expect(await failure(createApiClient(() => null).get("/messenger/home"))).toMatchObject({
      kind: "not-ready",
    });
  });

  test("path encodes its values", () => {
    expect(path`/help/articles/${"a/b?c"}`).toBe("/help/articles/a%2Fb%3Fc");
  });
});
