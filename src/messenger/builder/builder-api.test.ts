import { afterEach, describe, expect, test } from "bun:test";
import type { BuilderInit } from "../../shared/builder-messages.ts";
import type { AdminTooltip } from "../../shared/inbox-api.ts";
import { BuilderApiError, loadItem, saveItem } from "./builder-api.ts";

const init: BuilderInit = {
  kind: "tooltip",
  projectId: "p 1",
  itemId: "t1",
  apiUrl: "https://admin.example.com/api/",
  builderToken: "builder-token-1",
};

const tooltip: AdminTooltip = {
  id: "t1",
  name: "Help",
  selector: "#a",
  html: "<p>Hi</p>",
  mode: "hotspot",
  status: "draft",
  createdAt: "2030-01-01T00:00:00Z",
};

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

/** Records the frame's requests and answers each with `status` and `body`. */
function fakeFetch(status: number, body: unknown) {
  const calls: Array<{ url: string; method: string; headers: Record<string, string> }> = [];
  globalThis.fetch = (async (url: string, options: RequestInit) => {
    calls.push({ url, method: String(options.method), headers: options.headers as Record<string, string> });
    return new Response(JSON.stringify(body), { status });
  }) as unknown as typeof fetch;
  return calls;
}

describe("the builder frame's API calls", () => {
  test("read and save only the item, with the builder token as the bearer", async () => {
    const calls = fakeFetch(200, tooltip);
    const item = await loadItem(init);
    await saveItem(init, item);
    expect(calls.map(({ url, method }) => `${method} ${url}`)).toEqual([
      "GET https://admin.example.com/api/projects/p%201/tooltips/t1",
      "PUT https://admin.example.com/api/projects/p%201/tooltips/t1",
    ]);
    for (const call of calls) expect(call.headers.Authorization).toBe("Bearer builder-token-1");
  });

  test("a refused token is an error with the server's status and text", async () => {
    fakeFetch(401, { error: "The access token is invalid or has expired" });
    const failure = await loadItem(init).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(BuilderApiError);
    expect(failure).toMatchObject({ status: 401, message: "The access token is invalid or has expired" });
  });
});
