import { afterAll, afterEach, beforeAll, describe, expect, jest, test } from "bun:test";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { WidgetChunk } from "../src/shared/widget-chunk-contract.ts";
import { createChunkLoader, createModuleImporter, createModulePreloader } from "./lazy-chunk.ts";

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

/** Lets pending promise callbacks run. */
async function settle() {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

/** A loader that records each URL it imports and answers `fakeChunk` (or what `answer` gives for it). */
function recordingLoader(
  base: string | (() => string),
  chunks: Record<string, string>,
  answer: (url: string) => WidgetChunk = () => fakeChunk,
) {
  const urls: string[] = [];
  const load = createChunkLoader(base, chunks, async (url) => {
    urls.push(url);
    return answer(url);
  });
  return { load, urls };
}

/** The callbacks a module script calls with its module, by name (`__gleapChunk0`, …). */
const chunkCallbacks = window as unknown as Record<string, ((module: unknown) => void) | undefined>;

/** A loader of the one chunk `launcher` (launcher.js) under the SDK folder of feedback.example, its imports settled by the test. */
function controlledLauncher() {
  const { importModule, urls, pending } = controlledImport();
  const load = createChunkLoader("https://feedback.example/sdk/", { launcher: "launcher.js" }, importModule);
  return { load, urls, pending };
}

describe("createChunkLoader", () => {
  test("imports the chunk's file resolved against a base URL string and answers its module", async () => {
    const { load, urls } = recordingLoader("https://feedback.example/sdk/", {
      launcher: "launcher-chunk-abcd1234.js",
    });
    expect(await load("launcher")).toBe(fakeChunk);
    expect(urls).toEqual(["https://feedback.example/sdk/launcher-chunk-abcd1234.js"]);
  });

  test("a base naming a file resolves against that file's folder", async () => {
    const { load, urls } = recordingLoader("https://cdn.example/widget/v1/loader.js", {
      launcher: "launcher-ffff0000.js",
    });
    await load("launcher");
    expect(urls).toEqual(["https://cdn.example/widget/v1/launcher-ffff0000.js"]);
  });

  test("a base URL function is read when a chunk is first loaded", async () => {
    let base = "https://one.example/sdk/";
    const { load, urls } = recordingLoader(() => base, { launcher: "launcher.js", banner: "banner.js" });
    base = "https://two.example/static/sdk/";
    await load("launcher");
    base = "https://three.example/sdk/";
    await load("banner");
    await load("launcher");
    expect(urls).toEqual([
      "https://two.example/static/sdk/launcher.js",
      "https://three.example/sdk/banner.js",
    ]);
  });

  test("loads a chunk at most once", async () => {
    const { load, urls } = recordingLoader("https://feedback.example/sdk/", { launcher: "launcher.js" });
    expect(await load("launcher")).toBe(fakeChunk);
    expect(await load("launcher")).toBe(fakeChunk);
    expect(await load("launcher")).toBe(fakeChunk);
    expect(urls).toHaveLength(1);
  });

  test("concurrent callers share one pending import", async () => {
    const { load, urls, pending } = controlledLauncher();
    const a = load("launcher");
    const b = load("launcher");
    expect(a).toBe(b);
    expect(urls).toEqual(["https://feedback.example/sdk/launcher.js"]);
    pending[0]?.resolve(fakeChunk);
    expect(await Promise.all([a, b])).toEqual([fakeChunk, fakeChunk]);
    expect(urls).toHaveLength(1);
  });

  test("different chunks are imported separately", async () => {
    const modules: Record<string, WidgetChunk> = {
      a: { mount: () => () => {} },
      b: { mount: () => () => {} },
    };
    const { load, urls } = recordingLoader(
      "https://feedback.example/sdk/",
      { launcher: "a.js", banner: "b.js" },
      (url) => (url.endsWith("a.js") ? modules.a : modules.b) as WidgetChunk,
    );
    expect(await load("launcher")).toBe(modules.a as WidgetChunk);
    expect(await load("banner")).toBe(modules.b as WidgetChunk);
    expect(urls).toEqual(["https://feedback.example/sdk/a.js", "https://feedback.example/sdk/b.js"]);
  });

  test("a failed import is retried once with ?retry=1", async () => {
    const { load, urls, pending } = controlledLauncher();
    const loading = load("launcher");
    pending[0]?.reject(new Error("flaky network"));
    await settle();
    expect(urls).toEqual([
      "https://feedback.example/sdk/launcher.js",
      "https://feedback.example/sdk/launcher.js?retry=1",
    ]);
    pending[1]?.resolve(fakeChunk);
    expect(await loading).toBe(fakeChunk);
    // Cached after the successful retry.
    expect(await load("launcher")).toBe(fakeChunk);
    expect(urls).toHaveLength(2);
  });

  test("two failures reject every caller with the retry's error; a later call loads again", async () => {
    const { load, urls, pending } = controlledLauncher();
    const first = load("launcher");
    const concurrent = load("launcher");
    pending[0]?.reject(new Error("first failure"));
    await settle();
    const retryFailure = new Error("retry failure");
    pending[1]?.reject(retryFailure);
    await expect(first).rejects.toBe(retryFailure);
    await expect(concurrent).rejects.toBe(retryFailure);
    expect(urls).toHaveLength(2);

    const again = load("launcher");
    expect(again).not.toBe(first);
    expect(urls).toEqual([
      "https://feedback.example/sdk/launcher.js",
      "https://feedback.example/sdk/launcher.js?retry=1",
      "https://feedback.example/sdk/launcher.js",
    ]);
    pending[2]?.resolve(fakeChunk);
    expect(await again).toBe(fakeChunk);
  });

  test("an unknown chunk name rejects without importing anything", async () => {
    const { load, urls } = recordingLoader("https://feedback.example/sdk/", { launcher: "launcher.js" });
    await expect(load("messenger")).rejects.toThrow("Gleap: no chunk named messenger");
    expect(urls).toEqual([]);
  });
});

describe("preloading a chunk", () => {
  test("hands the chunk's URL to the preloader once, and not once its import has started", async () => {
    const preloaded: string[] = [];
    const { importModule, urls } = controlledImport();
    const load = createChunkLoader(
      "https://feedback.example/sdk/",
      { banner: "banner-chunk-1.js", tours: "tours-chunk-2.js" },
      importModule,
      (url) => preloaded.push(url),
    );
    load.preload("banner");
    load.preload("banner");
    void load("tours");
    load.preload("tours");
    load.preload("checklist");
    expect(preloaded).toEqual(["https://feedback.example/sdk/banner-chunk-1.js"]);
    // The import that follows a preload is the same file, asked for once.
    void load("banner");
    expect(urls).toEqual([
      "https://feedback.example/sdk/tours-chunk-2.js",
      "https://feedback.example/sdk/banner-chunk-1.js",
    ]);
  });

  test("without a preloader, preload does nothing", () => {
    const { importModule, urls } = controlledImport();
    const load = createChunkLoader("https://feedback.example/sdk/", { banner: "b.js" }, importModule);
    load.preload("banner");
    expect(urls).toEqual([]);
  });

  test("a modulepreload link with the host's nonce, gone from the head once it has loaded or failed", () => {
    let nonce: string | undefined = "n0nce";
    const preload = createModulePreloader(document, () => nonce);
    preload("https://feedback.example/sdk/banner-chunk-1.js");
    nonce = undefined;
    preload("https://feedback.example/sdk/tours-chunk-2.js");
    const links = [...document.head.querySelectorAll<HTMLLinkElement>("link[rel=modulepreload]")];
    expect(links.map((link) => [link.href, link.nonce || null])).toEqual([
      ["https://feedback.example/sdk/banner-chunk-1.js", "n0nce"],
      ["https://feedback.example/sdk/tours-chunk-2.js", null],
    ]);
    links[0]?.dispatchEvent(new Event("load"));
    links[1]?.dispatchEvent(new Event("error"));
    expect(document.head.querySelectorAll("link[rel=modulepreload]").length).toBe(0);
  });
});

test("a browser without modulepreload gets no link, so none is left behind", () => {
  const appended: unknown[] = [];
  const withoutModulepreload = {
    createElement: () => ({ relList: { supports: (token: string) => token !== "modulepreload" } }),
    head: { appendChild: (node: unknown) => appended.push(node) },
  } as unknown as Document;
  createModulePreloader(
    withoutModulepreload,
    () => "n0nce",
  )("https://feedback.example/sdk/banner-chunk-1.js");
  expect(appended).toEqual([]);
});

describe("createModuleImporter", () => {
  let dir: string;
  let moduleUrl: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "lazy-chunk-test-"));
    const file = join(dir, "chunk.js");
    await writeFile(file, "export const answer = 42;\nexport function mount() { return () => {}; }\n");
    moduleUrl = pathToFileURL(file).href;
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  afterEach(() => {
    jest.useRealTimers();
    for (const script of document.head.querySelectorAll("script")) script.remove();
  });

  test("without a nonce it uses import() (a real file URL)", async () => {
    const importModule = createModuleImporter(document, () => undefined);
    const module = (await importModule(moduleUrl)) as { answer: number; mount: unknown };
    expect(module.answer).toBe(42);
    expect(typeof module.mount).toBe("function");
    expect(document.head.querySelectorAll("script")).toHaveLength(0);
  });

  test("without a nonce, a data: URL module imports too", async () => {
    const importModule = createModuleImporter(document, () => "");
    const module = (await importModule("data:text/javascript,export default 7")) as { default: number };
    expect(module.default).toBe(7);
  });

  test("without a nonce, a missing module rejects", async () => {
    const importModule = createModuleImporter(document, () => undefined);
    await expect(importModule(pathToFileURL(join(dir, "missing.js")).href)).rejects.toBeDefined();
  });

  test("with a nonce it adds a module script carrying the nonce and resolves through its window callback", async () => {
    const importModule = createModuleImporter(document, () => "n0nce-abc");
    const loading = importModule("https://feedback.example/sdk/launcher.js");

    const scripts = document.head.querySelectorAll("script");
    expect(scripts).toHaveLength(1);
    const script = scripts[0] as HTMLScriptElement;
    expect(script.type).toBe("module");
    expect(script.nonce).toBe("n0nce-abc");
    expect(script.textContent).toBe(
      'import * as m from "https://feedback.example/sdk/launcher.js";window.__gleapChunk0(m);',
    );
    expect(typeof chunkCallbacks.__gleapChunk0).toBe("function");

    // happy-dom does not run module scripts: play the browser's part.
    const module = { mount: () => () => {} };
    chunkCallbacks.__gleapChunk0?.(module);

    expect(await loading).toBe(module);
    expect(document.head.querySelectorAll("script")).toHaveLength(0);
    expect(chunkCallbacks.__gleapChunk0).toBeUndefined();
  });

  test("every nonce import gets its own callback name and reads the nonce at call time", async () => {
    let nonce = "first";
    const importModule = createModuleImporter(document, () => nonce);
    const a = importModule("https://feedback.example/a.js");
    nonce = "second";
    const b = importModule("https://feedback.example/b.js");
    const scripts = [...document.head.querySelectorAll("script")] as HTMLScriptElement[];
    expect(scripts.map((script) => script.nonce)).toEqual(["first", "second"]);
    expect(scripts.map((script) => script.textContent)).toEqual([
      'import * as m from "https://feedback.example/a.js";window.__gleapChunk0(m);',
      'import * as m from "https://feedback.example/b.js";window.__gleapChunk1(m);',
    ]);
    chunkCallbacks.__gleapChunk1?.("module-b");
    chunkCallbacks.__gleapChunk0?.("module-a");
    expect(await Promise.all([a, b])).toEqual(["module-a", "module-b"]);
  });

  test("the URL is embedded as a JSON string, so quotes cannot break out of it", async () => {
    const importModule = createModuleImporter(document, () => "n");
    const loading = importModule('https://feedback.example/x.js?a="b";alert(1)//');
    const script = document.head.querySelector("script") as HTMLScriptElement;
    expect(script.textContent).toBe(
      'import * as m from "https://feedback.example/x.js?a=\\"b\\";alert(1)//";window.__gleapChunk0(m);',
    );
    chunkCallbacks.__gleapChunk0?.({});
    await loading;
  });

  test("a script error rejects and removes the script and its callback", async () => {
    const importModule = createModuleImporter(document, () => "n");
    const loading = importModule("https://feedback.example/broken.js");
    const script = document.head.querySelector("script") as HTMLScriptElement;
    script.onerror?.(new Event("error") as never);
    await expect(loading).rejects.toThrow("Gleap: could not load https://feedback.example/broken.js");
    expect(document.head.querySelectorAll("script")).toHaveLength(0);
    expect(chunkCallbacks.__gleapChunk0).toBeUndefined();
  });

  test("an import that never reports back rejects after 30 s", async () => {
    jest.useFakeTimers();
    const importModule = createModuleImporter(document, () => "n");
    const loading = importModule("https://feedback.example/hangs.js");
    let outcome: unknown = "pending";
    loading.then(
      () => {
        outcome = "resolved";
      },
      (error: Error) => {
        outcome = error.message;
      },
    );
    jest.advanceTimersByTime(29_999);
    await settle();
    expect(outcome).toBe("pending");
    jest.advanceTimersByTime(1);
    await settle();
    expect(outcome).toBe("Gleap: could not load https://feedback.example/hangs.js");
    expect(document.head.querySelectorAll("script")).toHaveLength(0);
    expect(chunkCallbacks.__gleapChunk0).toBeUndefined();
  });

  test("a callback after success does not reject later at the 30 s timeout", async () => {
    jest.useFakeTimers();
    const importModule = createModuleImporter(document, () => "n");
    const loading = importModule("https://feedback.example/ok.js");
    chunkCallbacks.__gleapChunk0?.("ok");
    expect(await loading).toBe("ok");
    jest.advanceTimersByTime(30_000);
    await settle();
    expect(await loading).toBe("ok");
  });
});
