import { describe, expect, test } from "bun:test";
import { serveBeforeAll } from "../src/shared/test-support/local-http-server.ts";
import { type SeenRequest, seenRequest } from "../src/shared/test-support/seen-request.ts";
import { createHttpClient, failureReason, type HttpFailure } from "./http-client.ts";

let base: string;
const seen: SeenRequest[] = [];

serveBeforeAll(
  async (request) => {
    const url = new URL(request.url);
    seen.push(await seenRequest(request));
    switch (url.pathname) {
      case "/json":
        return Response.json({ gleapId: "g1", nested: { n: 2 } });
      case "/empty":
        return new Response(null, { status: 204 });
      case "/empty-200":
        return new Response("", { status: 200 });
      case "/not-json":
        return new Response("<html>oops</html>", { status: 200, headers: { "Content-Type": "text/html" } });
      case "/unavailable":
        return new Response('{"error":"down for maintenance"}', {
          status: 503,
          statusText: "Service Unavailable",
        });
      case "/missing":
        return new Response("nothing here", { status: 404, statusText: "Not Found" });
      case "/rate-limited":
        return new Response('{"error":"slow down"}', { status: 429, statusText: "Too Many Requests" });
      case "/echo":
        return Response.json({ received: JSON.parse((seen.at(-1)?.body || "null") as string) });
      default:
        return new Response("?", { status: 500, statusText: "Internal Server Error" });
    }
  },
  (started) => {
    base = started;
  },
);

const lastSeen = () => seen.at(-1) as SeenRequest;

async function failureOf(promise: Promise<unknown>): Promise<HttpFailure> {
  try {
    await promise;
  } catch (error) {
    return error as HttpFailure;
  }
  throw new Error("expected the request to fail");
}

/** A client of the test server through `fetcher`, without base headers; each test says what differs. */
const clientOf = (fetcher: typeof fetch = fetch, baseUrl = () => base) =>
  createHttpClient(fetcher, baseUrl, () => ({}));

const failure = (status: number, statusText: string, responseText: string): HttpFailure => ({
  status,
  statusText,
  responseText,
});
const networkError = failure(0, "Network Error", "");

describe("createHttpClient", () => {
  test("answers the parsed JSON body", async () => {
    const request = clientOf();
    expect(await request("GET", "/json")).toEqual({ gleapId: "g1", nested: { n: 2 } });
    expect(lastSeen().method).toBe("GET");
    expect(lastSeen().path).toBe("/json");
  });

  test("a body is sent as JSON with the reference client's content type", async () => {
    const request = clientOf();
    expect(await request("POST", "/echo", { lang: "en-us", n: [1, 2] })).toEqual({
      received: { lang: "en-us", n: [1, 2] },
    });
    expect(lastSeen().method).toBe("POST");
    expect(lastSeen().headers["content-type"]).toBe("application/json;charset=UTF-8");
    expect(lastSeen().body).toBe('{"lang":"en-us","n":[1,2]}');
  });

  test("without a body no content type is sent", async () => {
    const request = clientOf();
    await request("GET", "/json");
    expect(lastSeen().headers["content-type"]).toBeUndefined();
    expect(lastSeen().body).toBe("");
  });

  test("an empty answer (204 or empty 200) resolves to an empty object", async () => {
    const request = clientOf();
    expect(await request("POST", "/empty", {})).toEqual({});
    expect(await request("GET", "/empty-200")).toEqual({});
  });

  test("a non-2xx answer rejects with status, statusText and responseText", async () => {
    const request = clientOf();
    expect(await failureOf(request("GET", "/unavailable"))).toEqual(
      failure(503, "Service Unavailable", '{"error":"down for maintenance"}'),
    );
    expect(await failureOf(request("POST", "/missing", { a: 1 }))).toEqual(
      failure(404, "Not Found", "nothing here"),
    );
    expect(await failureOf(request("POST", "/rate-limited", {}))).toEqual(
      failure(429, "Too Many Requests", '{"error":"slow down"}'),
    );
  });

  test("an unparsable 2xx body rejects with statusText JSON Parse Error", async () => {
    const request = clientOf();
    expect(await failureOf(request("GET", "/not-json"))).toEqual(
      failure(200, "JSON Parse Error", "<html>oops</html>"),
    );
  });

  test("a network failure (nothing listening) rejects with status 0 and Network Error", async () => {
    const closed = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response("up") });
    const closedBase = `http://127.0.0.1:${closed.port}`;
    await closed.stop(true);
    const request = clientOf(fetch, () => closedBase);
    expect(await failureOf(request("POST", "/sessions", { lang: "en" }))).toEqual(networkError);
  });

  test("a fetch that throws synchronously is a Network Error too", async () => {
    const throwing = (() => {
      throw new TypeError("blocked");
    }) as unknown as typeof fetch;
    const request = clientOf(throwing);
    expect(await failureOf(request("GET", "/json"))).toEqual(networkError);
  });

  test("base headers are merged with the call's extra headers; extra headers win", async () => {
    const request = createHttpClient(
      fetch,
      () => base,
      () => ({ "Api-Token": "demo", "Gleap-Id": "from-base" }),
    );
    await request("POST", "/json", { a: 1 }, { "Gleap-Id": "g-extra", "Gleap-Hash": "h-extra" });
    const headers = lastSeen().headers;
    expect(headers["api-token"]).toBe("demo");
    expect(headers["gleap-id"]).toBe("g-extra");
    expect(headers["gleap-hash"]).toBe("h-extra");
    expect(headers["content-type"]).toBe("application/json;charset=UTF-8");
  });

  test("headers and base URL are read again on every call", async () => {
    let token = "first";
    let prefix = "";
    const request = createHttpClient(
      fetch,
      () => `${base}${prefix}`,
      () => ({ "Api-Token": token }),
    );
    await request("GET", "/json");
    expect(lastSeen().headers["api-token"]).toBe("first");
    expect(lastSeen().path).toBe("/json");
    token = "second";
    prefix = "/api";
    await request("GET", "/json").catch(() => undefined);
    expect(lastSeen().headers["api-token"]).toBe("second");
    expect(lastSeen().path).toBe("/api/json");
  });

  test("requests go through the injected fetch", async () => {
    const calls: string[] = [];
    const recording = ((input: string | URL | Request, init?: RequestInit) => {
      calls.push(`${init?.method} ${String(input)}`);
      return fetch(input, init);
    }) as typeof fetch;
    const request = clientOf(recording);
    await request("GET", "/json?x=1");
    expect(calls).toEqual([`GET ${base}/json?x=1`]);
  });
});

describe("failureReason", () => {
  test("a refusal with the server's error body is named in the server's own words", () => {
    const body = JSON.stringify({ error: "Too many requests, slow down" });
    expect(failureReason({ status: 429, statusText: "Too Many Requests", responseText: body })).toBe(
      "Too many requests, slow down",
    );
  });

  test("without an error body it is the status text; with no answer at all, Network Error", () => {
    expect(failureReason({ status: 502, statusText: "Bad Gateway", responseText: "<html>" })).toBe(
      "Bad Gateway",
    );
    expect(failureReason({ status: 500, statusText: "Server Error", responseText: "{}" })).toBe(
      "Server Error",
    );
    expect(failureReason({ status: 0, statusText: "Network Error", responseText: "" })).toBe("Network Error");
  });

  test("anything else thrown is named as it prints", () => {
    expect(failureReason(new Error("boom"))).toBe("Error: boom");
    expect(failureReason("plain")).toBe("plain");
    expect(failureReason(undefined)).toBe("undefined");
    expect(failureReason(null)).toBe("null");
  });
});
