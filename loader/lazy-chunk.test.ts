import { describe, expect, test } from "bun:test";
import type { WidgetChunk } from "../src/shared/widget-chunk-contract.ts";
import { createChunkLoader } from "./lazy-chunk.ts";

const fakeChunk: WidgetChunk = { mount: () => () => {} };

/** An importModule that records each URL and lets the test settle each import when it wants. */
function controlledImport() {
  const urls: string[] = [];
  const pending: Array<{ resolve: (module: unknown) => void; reject: (error: unknown) => void }> = [];
  const importModule = (url: string) => {
    urls.push(url);
    return new Promise<unknown>((resolve, reject) => pending.push({ resolve, reject }));
  };
  return { importModule, urls, pending };
}

describe("createChunkLoader", () => {
  test("imports the chunk's hashed file resolved against the base URL and answers its module", async () => {
    const urls: string[] = [];
    const load = createChunkLoader(
      "https://feedback.example/sdk/",
      { launcher: "launcher-chunk-abcd1234.js" },
      async (url) => {
        urls.push(url);
        return fakeChunk;
      },
    );

    const chunk = await load("launcher");

    expect(chunk).toBe(fakeChunk);
    expect(urls).toEqual(["https://feedback.example/sdk/launcher-chunk-abcd1234.js"]);
  });

  test("resolves relative to the folder of a base that names a file", async () => {
    const urls: string[] = [];
    const load = createChunkLoader(
      "https://cdn.example/widget/v1/loader.js",
      { launcher: "launcher-chunk-ffff0000.js" },
      async (url) => {
        urls.push(url);
        return fakeChunk;
      },
    );

    await load("launcher");

    expect(urls).toEqual(["https://cdn.example/widget/v1/launcher-chunk-ffff0000.js"]);
  });

  test("loads a chunk at most once: later calls answer the same module without importing again", async () => {
    const urls: string[] = [];
    const load = createChunkLoader(
      "https://feedback.example/sdk/",
      { launcher: "launcher.js" },
      async (url) => {
        urls.push(url);
        return fakeChunk;
      },
    );

    const first = await load("launcher");
    const second = await load("launcher");

    expect(first).toBe(fakeChunk);
    expect(second).toBe(fakeChunk);
    expect(urls).toHaveLength(1);
  });

  test("concurrent calls share one pending import", async () => {
    const { importModule, urls, pending } = controlledImport();
    const load = createChunkLoader(
      "https://feedback.example/sdk/",
      { launcher: "launcher.js" },
      importModule,
    );

    const a = load("launcher");
    const b = load("launcher");

    expect(a).toBe(b);
    expect(urls).toEqual(["https://feedback.example/sdk/launcher.js"]);
    pending[0]?.resolve(fakeChunk);
    expect(await Promise.all([a, b])).toEqual([fakeChunk, fakeChunk]);
    expect(urls).toHaveLength(1);
  });

  test("a failed import rejects its callers and a later call imports again", async () => {
    const { importModule, urls, pending } = controlledImport();
    const load = createChunkLoader(
      "https://feedback.example/sdk/",
      { launcher: "launcher.js" },
      importModule,
    );
    const failure = new Error("network down");

    const first = load("launcher");
    const concurrent = load("launcher");
    pending[0]?.reject(failure);
    await expect(first).rejects.toBe(failure);
    await expect(concurrent).rejects.toBe(failure);

    const retry = load("launcher");
    expect(urls).toEqual([
      "https://feedback.example/sdk/launcher.js",
      "https://feedback.example/sdk/launcher.js",
    ]);
    pending[1]?.resolve(fakeChunk);
    expect(await retry).toBe(fakeChunk);

    // After the successful retry the chunk is cached again.
    expect(await load("launcher")).toBe(fakeChunk);
    expect(urls).toHaveLength(2);
  });

  test("a chunk name missing from the map rejects without importing anything", async () => {
    const urls: string[] = [];
    const load = createChunkLoader("https://feedback.example/sdk/", {}, async (url) => {
      urls.push(url);
      return fakeChunk;
    });

    await expect(load("launcher")).rejects.toThrow("Gleap: no chunk named launcher");
    expect(urls).toEqual([]);
  });
});
