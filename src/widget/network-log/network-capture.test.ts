import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serveBeforeAll } from "../../shared/test-support/local-http-server.ts";
import { maxBodySize, pendingText, tooLargeText, unsupportedText } from "./network-bodies.ts";
import {
  createNetworkCapture,
  type NetworkCapture,
  type NetworkCaptureOptions,
  type NetworkLog,
  type NetworkLogEntry,
  type ResourceLogEntry,
} from "./network-capture.ts";

const jsonBody = '{"ok":true,"token":"abc","nested":{"password":"x","keep":1}}';
const cors = { "access-control-allow-origin": "*" };
let releaseSlow: () => void = () => {};
let slowGate = Promise.resolve();

function holdSlow() {
  slowGate = new Promise((resolve) => {
    releaseSlow = resolve;
  });
}

let base = "";

serveBeforeAll(
  async (request) => {
    const url = new URL(request.url);
    if (request.method === "OPTIONS") {
      return new Response(null, {
        status: 204,
        headers: {
          ...cors,
          "access-control-allow-methods": "GET, POST, PUT, DELETE",
          "access-control-allow-headers": request.headers.get("access-control-request-headers") ?? "",
        },
      });
    }
    const [, route, arg] = url.pathname.split("/");
    const size = Number(arg);
    switch (route) {
      case "json":
        return new Response(jsonBody, { headers: { ...cors, "content-type": "application/json" } });
      case "text":
        return new Response("hello", { headers: { ...cors, "content-type": "text/plain;charset=utf-8" } });
      case "xml":
        return new Response("<a/>", { headers: { ...cors, "content-type": "application/xml" } });
      case "binary":
        return new Response(new Uint8Array([1, 2, 3]), {
          headers: { ...cors, "content-type": "application/octet-stream" },
        });
      case "untyped": {
        const response = new Response("raw", { headers: cors });
        response.headers.delete("content-type");
        return response;
      }
      case "size":
        return new Response("x".repeat(size), { headers: { ...cors, "content-type": "text/plain" } });
      case "stream": {
        // Chunked, without content-length, so only the capped reader can notice the size.
        const chunk = new TextEncoder().encode("y".repeat(1024));
        let sent = 0;
        const body = new ReadableStream<Uint8Array>({
          pull(controller) {
            const left = size - sent;
            if (left <= 0) return controller.close();
            const part = left >= chunk.length ? chunk : chunk.slice(0, left);
            sent += part.length;
            controller.enqueue(part);
          },
        });
        return new Response(body, { headers: { ...cors, "content-type": "text/plain" } });
      }
      case "slow":
        await slowGate;
        return new Response("late", { headers: { ...cors, "content-type": "text/plain" } });
      case "missing":
        return new Response("missing", {
          status: 404,
          statusText: "Not Found",
          headers: { ...cors, "content-type": "text/plain" },
        });
      case "echo":
        return new Response(await request.text(), { headers: { ...cors, "content-type": "text/plain" } });
      default:
        return new Response("?", { status: 500, headers: cors });
    }
  },
  (started) => {
    base = started;
  },
);

const cleanups: (() => void)[] = [];
afterEach(() => {
  // Last in, first out: captures stacked on the shared XHR prototype unwind in order.
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
  releaseSlow();
});

/** A window whose fetch and XMLHttpRequest are inherited from the test globals (Bun's fetch, happy-dom's XHR). */
function testWindow(performance?: { getEntriesByType(type: string): unknown[] }) {
  const props: PropertyDescriptorMap = performance ? { performance: { value: performance } } : {};
  return Object.create(globalThis, props) as Window & typeof globalThis;
}

const epoch = Date.UTC(2024, 4, 6, 7, 8, 9, 10);

/** A clock that advances one second per reading: a lone request starts at +1 s and lasts 1000 ms. */
function steppingClock() {
  let time = epoch;
  return () => {
    time += 1000;
    return time;
  };
}

function startCapture(options: NetworkCaptureOptions = {}, win = testWindow()) {
  const capture = createNetworkCapture(win, { now: steppingClock(), ...options });
  capture.start();
  cleanups.push(() => capture.stop());
  return { capture, win };
}

const isRequest = (entry: NetworkLog | undefined): entry is NetworkLogEntry =>
  entry !== undefined && entry.type !== "RESOURCE";

function requests(capture: NetworkCapture): NetworkLogEntry[] {
  return capture.entries().filter(isRequest);
}

/** Waits until no request is pending; body reading finishes shortly after the host's promise. */
async function settled(capture: NetworkCapture): Promise<NetworkLogEntry[]> {
  for (let i = 0; i < 200; i++) {
    const list = requests(capture);
    if (list.every((entry) => entry.response.responseText !== pendingText)) return list;
    await Bun.sleep(2);
  }
  throw new Error("requests still pending");
}

function sendXhr(
  method: string,
  url: string,
  options: {
    body?: string;
    headers?: Record<string, string>;
    responseType?: XMLHttpRequestResponseType;
  } = {},
): Promise<XMLHttpRequest> {
  const xhr = new XMLHttpRequest();
  xhr.open(method, url);
  for (const [name, value] of Object.entries(options.headers ?? {})) xhr.setRequestHeader(name, value);
  if (options.responseType) xhr.responseType = options.responseType;
  return new Promise((resolve) => {
    xhr.addEventListener("loadend", () => resolve(xhr));
    xhr.send(options.body ?? null);
  });
}

describe("fetch capture", () => {
  test("records a completed request with the exact spec §3 shape", async () => {
    const { capture, win } = startCapture();

    const response = await win.fetch(`${base}/json`, { headers: { "X-Trace": "1" } });
    expect(await response.text()).toBe(jsonBody);

    expect(await settled(capture)).toEqual([
      {
        url: `${base}/json`,
        type: "GET",
        date: "2024-05-06T07:08:10.010Z",
        duration: 1000,
        request: { payload: "", headers: { "x-trace": "1" } },
        response: { status: 200, statusText: "OK", responseText: jsonBody },
        success: true,
      },
    ]);
  });

  test("the host's response body is left unread and whole", async () => {
    const { capture, win } = startCapture();

    const response = await win.fetch(`${base}/stream/5000`);

    expect(response.bodyUsed).toBe(false);
    expect(await response.text()).toBe("y".repeat(5000));
    const [entry] = await settled(capture);
    expect(entry?.response.responseText).toBe("y".repeat(5000));
  });

  test("method, string payload and headers come from init; URL objects are accepted", async () => {
    const { capture, win } = startCapture();

    const response = await win.fetch(new URL(`${base}/echo`), {
      method: "post",
      body: "a=1&b=2",
      headers: [["Content-Type", "text/plain"]],
    });
    expect(await response.text()).toBe("a=1&b=2");

    const [entry] = await settled(capture);
    expect(entry?.type).toBe("POST");
    expect(entry?.request).toEqual({ payload: "a=1&b=2", headers: { "content-type": "text/plain" } });
  });

  test("a Request object's method, headers and text body are logged without consuming it", async () => {
    const { capture, win } = startCapture();
    const request = new Request(`${base}/echo`, {
      method: "PUT",
      body: '{"name":"n"}',
      headers: { "content-type": "application/json" },
    });

    const response = await win.fetch(request);
    expect(await response.text()).toBe('{"name":"n"}');

    const [entry] = await settled(capture);
    expect(entry?.type).toBe("PUT");
    expect(entry?.request).toEqual({
      payload: '{"name":"n"}',
      headers: { "content-type": "application/json" },
    });
  });

  test("non-text payloads are named, not read", async () => {
    const { capture, win } = startCapture();

    await (await win.fetch(`${base}/echo`, { method: "POST", body: new Uint8Array([1, 2]) })).text();
    await (await win.fetch(`${base}/echo`, { method: "POST", body: new URLSearchParams({ q: "1" }) })).text();

    expect((await settled(capture)).map((entry) => entry.request.payload)).toEqual(["<Uint8Array>", "q=1"]);
  });

  test("response bodies are kept for text, xml, json and untyped responses only", async () => {
    const { capture, win } = startCapture();

    for (const route of ["text", "xml", "json", "untyped", "binary"]) {
      await (await win.fetch(`${base}/${route}`)).arrayBuffer();
    }

    expect((await settled(capture)).map((entry) => entry.response.responseText)).toEqual([
      "hello",
      "<a/>",
      jsonBody,
      "raw",
      unsupportedText,
    ]);
    expect(unsupportedText).toBe("<unsupported content type>");
  });

  test("bodies over 150 KB become the too-large placeholder, with or without content-length", async () => {
    const { capture, win } = startCapture();
    expect(maxBodySize).toBe(153_600);
    expect(tooLargeText).toBe("<response too large>");

    for (const path of [`size/${maxBodySize}`, `size/${maxBodySize + 1}`, `stream/${maxBodySize + 1}`]) {
      const response = await win.fetch(`${base}/${path}`);
      // The host still receives the whole body.
      expect((await response.text()).length).toBe(Number(path.split("/")[1]));
    }

    const texts = (await settled(capture)).map((entry) => entry.response.responseText);
    expect(texts[0]).toBe("x".repeat(maxBodySize));
    expect(texts.slice(1)).toEqual([tooLargeText, tooLargeText]);
  });

  test("request payloads over 150 KB become the too-large placeholder", async () => {
    const { capture, win } = startCapture();

    await (await win.fetch(`${base}/echo`, { method: "POST", body: "p".repeat(maxBodySize) })).text();
    await (await win.fetch(`${base}/echo`, { method: "POST", body: "p".repeat(maxBodySize + 1) })).text();

    expect((await settled(capture)).map((entry) => entry.request.payload)).toEqual([
      "p".repeat(maxBodySize),
      tooLargeText,
    ]);
  });

  test("an open request is listed as pending without status, duration or success", async () => {
    holdSlow();
    const { capture, win } = startCapture();

    const pending = win.fetch(`${base}/slow`);
    const [entry] = requests(capture);
    expect(entry).toStrictEqual({
      url: `${base}/slow`,
      type: "GET",
      date: "2024-05-06T07:08:10.010Z",
      request: { payload: "", headers: {} },
      response: { responseText: "<request pending>" },
    });

    releaseSlow();
    expect(await (await pending).text()).toBe("late");
    const [done] = await settled(capture);
    expect(done?.response).toEqual({ status: 200, statusText: "OK", responseText: "late" });
    expect(done?.success).toBe(true);
  });

  test("an HTTP error status is a response: success true with its status", async () => {
    const { capture, win } = startCapture();

    const response = await win.fetch(`${base}/missing`);
    expect(response.status).toBe(404);

    const [entry] = await settled(capture);
    expect(entry?.response).toEqual({ status: 404, statusText: "Not Found", responseText: "missing" });
    expect(entry?.success).toBe(true);
  });

  test("a network error is logged with status 0 and success false and rethrown unchanged", async () => {
    const dead = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response("") });
    const deadUrl = `http://127.0.0.1:${dead.port}/gone`;
    dead.stop(true);
    const { capture, win } = startCapture();

    const error = await win.fetch(deadUrl).then(
      () => null,
      (caught: unknown) => caught,
    );

    expect(error).toBeInstanceOf(Error);
    const [entry] = await settled(capture);
    expect(entry?.url).toBe(deadUrl);
    expect(entry?.success).toBe(false);
    expect(entry?.response.status).toBe(0);
    expect(entry?.response.responseText).toBe("");
    expect(entry?.response.statusText).toBe((error as Error).message);
  });

  test("an abort rejects with the very same reason object", async () => {
    holdSlow();
    const { capture, win } = startCapture();
    const controller = new AbortController();
    const reason = new Error("user cancelled");

    const result = win
      .fetch(`${base}/slow`, { signal: controller.signal })
      .catch((caught: unknown) => caught);
    controller.abort(reason);

    expect(await result).toBe(reason);
    const [entry] = await settled(capture);
    expect(entry?.success).toBe(false);
    expect(entry?.response).toEqual({ status: 0, statusText: "user cancelled", responseText: "" });
  });

  test("bookkeeping failures never reach the host: a throwing clock still returns the response", async () => {
    const { capture, win } = startCapture({
      now: () => {
        throw new Error("clock");
      },
    });

    const response = await win.fetch(`${base}/text`);

    expect(await response.text()).toBe("hello");
    expect(capture.entries()).toEqual([]);
  });
});

describe("XMLHttpRequest capture", () => {
  test("records method, url, request headers, payload and response", async () => {
    const { capture } = startCapture();

    const xhr = await sendXhr("post", `${base}/echo`, {
      body: "ping",
      headers: { "Content-Type": "text/plain", "X-Multi": "a" },
    });
    expect(xhr.responseText).toBe("ping");

    expect(await settled(capture)).toEqual([
      {
        url: `${base}/echo`,
        type: "POST",
        date: "2024-05-06T07:08:10.010Z",
        duration: 1000,
        request: { payload: "ping", headers: { "Content-Type": "text/plain", "X-Multi": "a" } },
        response: { status: 200, statusText: "OK", responseText: "ping" },
        success: true,
      },
    ]);
  });

  test("a repeated request header is joined like XHR joins it", async () => {
    const { capture } = startCapture();
    const xhr = new XMLHttpRequest();
    xhr.open("GET", `${base}/text`);
    xhr.setRequestHeader("X-Multi", "a");
    xhr.setRequestHeader("X-Multi", "b");
    await new Promise((resolve) => {
      xhr.addEventListener("loadend", resolve);
      xhr.send();
    });

    expect((await settled(capture))[0]?.request.headers).toEqual({ "X-Multi": "a, b" });
  });

  test("json responseType is logged as JSON text; unsupported content types get the placeholder", async () => {
    const { capture } = startCapture();

    await sendXhr("GET", `${base}/json`, { responseType: "json" });
    await sendXhr("GET", `${base}/binary`);
    await sendXhr("GET", `${base}/text`, { responseType: "arraybuffer" });

    expect((await settled(capture)).map((entry) => entry.response.responseText)).toEqual([
      JSON.stringify(JSON.parse(jsonBody)),
      unsupportedText,
      unsupportedText,
    ]);
  });

  test("response bodies over 150 KB become the too-large placeholder", async () => {
    const { capture } = startCapture();

    await sendXhr("GET", `${base}/size/${maxBodySize}`);
    await sendXhr("GET", `${base}/size/${maxBodySize + 1}`);
    await sendXhr("POST", `${base}/echo`, { body: "q".repeat(maxBodySize + 1) });

    const list = await settled(capture);
    expect(list.map((entry) => entry.response.responseText)).toEqual([
      "x".repeat(maxBodySize),
      tooLargeText,
      tooLargeText,
    ]);
    expect(list[2]?.request.payload).toBe(tooLargeText);
  });

  test("an open request is pending until it ends", async () => {
    holdSlow();
    const { capture } = startCapture();

    const done = sendXhr("GET", `${base}/slow`);
    expect(requests(capture)).toStrictEqual([
      {
        url: `${base}/slow`,
        type: "GET",
        date: "2024-05-06T07:08:10.010Z",
        request: { payload: "", headers: {} },
        response: { responseText: pendingText },
      },
    ]);

    releaseSlow();
    expect((await done).responseText).toBe("late");
    expect((await settled(capture))[0]?.response).toEqual({
      status: 200,
      statusText: "OK",
      responseText: "late",
    });
  });

  test("a network error is logged with status 0 and success false", async () => {
    const dead = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response("") });
    const deadUrl = `http://127.0.0.1:${dead.port}/gone`;
    dead.stop(true);
    const { capture } = startCapture();

    const xhr = await sendXhr("GET", deadUrl);

    expect(xhr.status).toBe(0);
    const [entry] = await settled(capture);
    expect(entry?.success).toBe(false);
    expect(entry?.response).toEqual({ status: 0, statusText: "", responseText: "" });
  });

  test("reopening an object before its request ended settles the old entry as failed", async () => {
    holdSlow();
    const { capture } = startCapture();
    const xhr = new XMLHttpRequest();
    xhr.open("GET", `${base}/slow`);
    xhr.send();

    xhr.open("GET", `${base}/text`);
    await new Promise((resolve) => {
      xhr.addEventListener("loadend", resolve);
      xhr.send();
    });

    const list = await settled(capture);
    expect(list.map((entry) => [entry.url, entry.success, entry.response.status])).toEqual([
      [`${base}/slow`, false, 0],
      [`${base}/text`, true, 200],
    ]);
  });

  test("a throwing clock never reaches the host's XHR", async () => {
    startCapture({
      now: () => {
        throw new Error("clock");
      },
    });

    const xhr = await sendXhr("GET", `${base}/text`);

    expect(xhr.responseText).toBe("hello");
  });
});

describe("limits and filters", () => {
  test("keeps the newest 30 requests by default", async () => {
    const { capture, win } = startCapture();

    for (let i = 0; i < 32; i++) await (await win.fetch(`${base}/text?i=${i}`)).text();

    const list = await settled(capture);
    expect(list).toHaveLength(30);
    expect(list[0]?.url).toBe(`${base}/text?i=2`);
    expect(list[29]?.url).toBe(`${base}/text?i=31`);
  });

  test("setMaxRequests clamps to 1..70, trims at once, and falls back to 30 for NaN", async () => {
    const { capture, win } = startCapture();

    capture.setMaxRequests(500);
    for (let i = 0; i < 72; i++) await (await win.fetch(`${base}/text?i=${i}`)).text();
    let list = await settled(capture);
    expect(list).toHaveLength(70);
    expect(list[0]?.url).toBe(`${base}/text?i=2`);

    capture.setMaxRequests(5);
    list = requests(capture);
    expect(list.map((entry) => entry.url)).toEqual([67, 68, 69, 70, 71].map((i) => `${base}/text?i=${i}`));

    capture.setMaxRequests(0);
    expect(requests(capture).map((entry) => entry.url)).toEqual([`${base}/text?i=71`]);

    capture.setMaxRequests(Number.NaN);
    for (let i = 0; i < 31; i++) await (await win.fetch(`${base}/text?j=${i}`)).text();
    expect(await settled(capture)).toHaveLength(30);
  });

  test("the maxRequests option is applied and clamped the same way", async () => {
    const two = startCapture({ maxRequests: 2 });
    const one = startCapture({ maxRequests: -5 });

    for (const route of ["text", "xml", "json"]) {
      await (await two.win.fetch(`${base}/${route}`)).text();
      await (await one.win.fetch(`${base}/${route}`)).text();
    }

    expect((await settled(two.capture)).map((entry) => entry.url)).toEqual([`${base}/xml`, `${base}/json`]);
    expect((await settled(one.capture)).map((entry) => entry.url)).toEqual([`${base}/json`]);
  });

  test("own URLs and blacklisted prefixes or substrings are skipped entirely, fetch and XHR", async () => {
    let own = [`${base}/json`];
    const { capture, win } = startCapture({ ownUrls: () => own, blacklist: ["/xml"] });
    capture.setBlacklist([`${base}/missing`, "secret=", ""]);

    await (await win.fetch(`${base}/json`)).text();
    await (await win.fetch(`${base}/missing`)).text();
    await (await win.fetch(`${base}/echo?secret=1`, { method: "POST", body: "s" })).text();
    await sendXhr("GET", `${base}/json`);
    await (await win.fetch(`${base}/text`)).text();
    await sendXhr("GET", `${base}/xml`);

    // setBlacklist replaced the option's list, so /xml is logged now.
    expect((await settled(capture)).map((entry) => entry.url)).toEqual([`${base}/text`, `${base}/xml`]);

    // A changed API URL and a later blacklist also hide what was already captured.
    own = [`${base}/text`];
    expect(requests(capture).map((entry) => entry.url)).toEqual([`${base}/xml`]);
    capture.setBlacklist(["/xml"]);
    expect(requests(capture)).toEqual([]);
  });

  test("propsToIgnore strips JSON keys at any depth and request headers case-insensitively", async () => {
    const { capture, win } = startCapture({ propsToIgnore: ["password", "token"] });

    await (
      await win.fetch(`${base}/json`, {
        method: "POST",
        body: JSON.stringify({ user: "u", password: "p", list: [{ token: "t", id: 1 }] }),
        headers: { Token: "secret", Accept: "application/json" },
      })
    ).text();
    await sendXhr("POST", `${base}/echo`, {
      body: "password=kept-because-not-json",
      headers: { TOKEN: "secret", "X-Keep": "1" },
    });

    const [fetched, sent] = await settled(capture);
    expect(fetched?.request).toEqual({
      payload: '{"user":"u","list":[{"id":1}]}',
      headers: { accept: "application/json" },
    });
    expect(fetched?.response.responseText).toBe('{"ok":true,"nested":{"keep":1}}');
    expect(sent?.request).toEqual({ payload: "password=kept-because-not-json", headers: { "X-Keep": "1" } });
    expect(sent?.response.responseText).toBe("password=kept-because-not-json");
  });

  test("setPropsToIgnore also covers requests captured before it was called", async () => {
    const { capture, win } = startCapture();
    await (await win.fetch(`${base}/json`)).text();
    await settled(capture);
    expect(requests(capture)[0]?.response.responseText).toBe(jsonBody);

    capture.setPropsToIgnore(["nested"]);

    expect(requests(capture)[0]?.response.responseText).toBe('{"ok":true,"token":"abc"}');
  });

  test("resources are listed first, outside maxRequests, without own, blacklisted or duplicate URLs", async () => {
    const timings = [
      { name: "https://cdn.example.com/app.js", duration: 12.6, initiatorType: "script" },
      { name: "https://api.gleap.test/config", duration: 3, initiatorType: "fetch" },
      { name: "https://ads.example.com/pixel.gif", duration: 1, initiatorType: "img" },
      { name: `${base}/text`, duration: 4, initiatorType: "fetch" },
      { name: "https://cdn.example.com/site.css", duration: 7.2, initiatorType: "link" },
    ];
    const win = testWindow({ getEntriesByType: (type) => (type === "resource" ? timings : []) });
    const { capture } = startCapture(
      { ownUrls: ["https://api.gleap.test"], blacklist: ["ads.example.com"], maxRequests: 1 },
      win,
    );
    await (await win.fetch(`${base}/text`)).text();
    await settled(capture);

    expect(capture.entries().filter((entry) => entry.type === "RESOURCE")).toEqual([]);

    capture.setResources(true);
    const list = capture.entries();
    expect(list.slice(0, 2)).toEqual([
      { type: "RESOURCE", url: "https://cdn.example.com/app.js", duration: 13, initiatorType: "script" },
      { type: "RESOURCE", url: "https://cdn.example.com/site.css", duration: 7, initiatorType: "link" },
    ] satisfies ResourceLogEntry[]);
    expect(list).toHaveLength(3);
    expect(list[2]?.url).toBe(`${base}/text`);
    expect(list[2]?.type).toBe("GET");

    capture.setResources(false);
    expect(capture.entries()).toHaveLength(1);
  });

  test("a missing resource timing API leaves the request list intact", async () => {
    const win = testWindow({
      getEntriesByType: () => {
        throw new Error("unsupported");
      },
    });
    const { capture } = startCapture({ resources: true }, win);
    await (await win.fetch(`${base}/text`)).text();

    expect(await settled(capture)).toHaveLength(1);
  });
});

describe("the widget's own requests", () => {
  // The SDK's files stand in a folder of their own (as snapdom inside the capture chunk); this test
  // file is the page.
  let sdkFolder = "";
  let sdk: {
    fetchFromSdk(win: Window, url: string): Promise<Response>;
    xhrFromSdk(url: string): Promise<XMLHttpRequest>;
  };
  beforeAll(async () => {
    sdkFolder = await mkdtemp(join(tmpdir(), "gleap-sdk-"));
    const file = join(sdkFolder, "capture-chunk.ts");
    await writeFile(
      file,
      `export async function fetchFromSdk(win: Window, url: string) { const response = await win.fetch(url, { credentials: "omit" }); return response; }
export function xhrFromSdk(url: string) {
  const xhr = new XMLHttpRequest();
  xhr.open("GET", url);
  return new Promise((resolve) => { xhr.addEventListener("loadend", () => resolve(xhr)); xhr.send(null); });
}
`,
    );
    sdk = await import(file);
  });
  afterAll(() => rm(sdkFolder, { recursive: true, force: true }));

  test("fetches and XHRs the SDK's files make are not logged; the page's around them are", async () => {
    const { capture, win } = startCapture({ sdkFolder });

    await (await win.fetch(`${base}/json`)).text();
    const own = await sdk.fetchFromSdk(win, `${base}/text`);
    expect(await own.text()).toBe("hello");
    const ownXhr = await sdk.xhrFromSdk(`${base}/xml`);
    expect(ownXhr.status).toBe(200);
    await sendXhr("GET", `${base}/missing`);

    expect((await settled(capture)).map((entry) => entry.url)).toEqual([`${base}/json`, `${base}/missing`]);
  });

  test("nor the resource timings of the URLs they fetched; the page's fetches of other URLs stay", async () => {
    const timings = [
      { name: `${base}/size/10`, duration: 5, initiatorType: "img" },
      { name: `${base}/size/10`, duration: 2, initiatorType: "fetch" },
      { name: `${base}/page-data`, duration: 3, initiatorType: "fetch" },
    ];
    const win = testWindow({ getEntriesByType: (type) => (type === "resource" ? timings : []) });
    const { capture } = startCapture({ sdkFolder, resources: true }, win);

    await (await sdk.fetchFromSdk(win, `${base}/size/10`)).text();

    expect(capture.entries()).toEqual([
      // The page's own picture (loaded by its markup) stays; the widget's copy of it does not.
      { type: "RESOURCE", url: `${base}/size/10`, duration: 5, initiatorType: "img" },
      { type: "RESOURCE", url: `${base}/page-data`, duration: 3, initiatorType: "fetch" },
    ]);
  });

  test("without a folder every request is the page's", async () => {
    const { capture, win } = startCapture();

    await (await sdk.fetchFromSdk(win, `${base}/text`)).text();

    expect((await settled(capture)).map((entry) => entry.url)).toEqual([`${base}/text`]);
  });
});

describe("start and stop", () => {
  test("stop() restores the exact original fetch and XHR methods and leaves no own properties", async () => {
    const win = testWindow();
    const proto = XMLHttpRequest.prototype;
    const originals = {
      fetch: win.fetch,
      open: proto.open,
      send: proto.send,
      header: proto.setRequestHeader,
    };
    const capture = createNetworkCapture(win);
    cleanups.push(() => capture.stop());

    capture.start();
    expect(win.fetch).not.toBe(originals.fetch);
    expect(proto.open).not.toBe(originals.open);
    expect(proto.send).not.toBe(originals.send);
    expect(proto.setRequestHeader).not.toBe(originals.header);

    capture.stop();
    expect(win.fetch).toBe(originals.fetch);
    expect(proto.open).toBe(originals.open);
    expect(proto.send).toBe(originals.send);
    expect(proto.setRequestHeader).toBe(originals.header);
    expect(Object.hasOwn(win, "fetch")).toBe(false);
    expect(Object.hasOwn(proto, "open")).toBe(false);
    expect(Object.hasOwn(proto, "send")).toBe(false);

    await (await win.fetch(`${base}/text`)).text();
    await sendXhr("GET", `${base}/text`);
    expect(capture.entries()).toEqual([]);
  });

  test("an own fetch property is put back as the same function object", () => {
    const ownFetch = globalThis.fetch;
    const win = Object.create(globalThis, {
      fetch: { value: ownFetch, writable: true, configurable: true },
    }) as Window & typeof globalThis;
    const capture = createNetworkCapture(win);

    capture.start();
    capture.stop();

    expect(Object.hasOwn(win, "fetch")).toBe(true);
    expect(win.fetch).toBe(ownFetch);
  });

  test("stop() keeps a wrapper installed after ours; a later start() resumes without wrapping twice", async () => {
    const { capture, win } = startCapture();
    const ours = win.fetch;
    let laterCalls = 0;
    const later = ((...args: Parameters<typeof fetch>) => {
      laterCalls++;
      return ours(...args);
    }) as typeof fetch;
    win.fetch = later;

    capture.stop();
    expect(win.fetch).toBe(later);
    await (await win.fetch(`${base}/text`)).text();
    expect(laterCalls).toBe(1);
    expect(capture.entries()).toEqual([]);

    capture.start();
    expect(win.fetch).toBe(later);
    await (await win.fetch(`${base}/xml`)).text();
    expect((await settled(capture)).map((entry) => entry.url)).toEqual([`${base}/xml`]);

    capture.stop();
    // Unwind by hand: ours is still below `later`, passing through.
    win.fetch = ours;
    capture.stop();
    expect(Object.hasOwn(win, "fetch")).toBe(false);
  });

  test("entries survive stop() and capture resumes after start()", async () => {
    const { capture, win } = startCapture();
    await (await win.fetch(`${base}/text`)).text();
    await settled(capture);

    capture.stop();
    capture.start();
    capture.start();
    await (await win.fetch(`${base}/xml`)).text();

    expect((await settled(capture)).map((entry) => entry.url)).toEqual([`${base}/text`, `${base}/xml`]);
  });

  test("creating a capture patches nothing until start()", () => {
    const win = testWindow();
    createNetworkCapture(win);

    expect(Object.hasOwn(win, "fetch")).toBe(false);
    expect(Object.hasOwn(XMLHttpRequest.prototype, "open")).toBe(false);
  });
});
