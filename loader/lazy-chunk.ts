import type { WidgetChunk, WidgetChunkName } from "../src/shared/widget-chunk-contract.ts";

/**
 * The lazy files: the widget's surfaces, and the loader's own: its socket client (loader/socket-chunk.ts)
 * and its late part (loader/late-chunk.ts).
 */
export type ChunkName = WidgetChunkName | "socket" | "late";

/** Chunk name → file name under the SDK folder, from the build manifest (content-hashed). */
export type ChunkMap = Partial<Record<ChunkName, string>>;

export type ImportModule = (url: string) => Promise<unknown>;

export type ModulePreloader = (url: string) => void;

export type ChunkLoader = ((name: WidgetChunkName) => Promise<WidgetChunk>) & {
  /** Fetches and compiles a chunk without running it, for an import that must wait (surface-mounts.ts). */
  preload?(name: WidgetChunkName): void;
};

/** What the loader's late file exports (loader/late-chunk.ts). */
export type LateModule = typeof import("./late-chunk.ts");

/** What each lazy file exports. */
type LazyModules = Record<WidgetChunkName, WidgetChunk> & {
  socket: typeof import("./socket-chunk.ts");
  late: LateModule;
};

/**
 * The loader's late file as the SDK asks for it: fetched once `fetch` is called (by the boot, never
 * before: a page waiting for consent loads nothing of ours), and answered to whoever asks `get`, also
 * earlier (a host's call then waits for the boot). A failed load is tried again at the next `get`.
 */
export function createLateFile(load: () => Promise<LateModule>) {
  let wanted = () => {};
  const fetched = new Promise<void>((resolve) => {
    wanted = resolve;
  });
  const get = () => fetched.then(load);
  return {
    get,
    fetch() {
      wanted();
      void get().catch(() => {});
    },
  };
}

export type LateFile = ReturnType<typeof createLateFile>;

/**
 * The one way the loader reaches a screen: a dynamic import of the chunk's hashed file, resolved
 * against the folder the loader itself came from. Each chunk is requested at most once; concurrent
 * callers share the same promise. A failed import is retried once (with a query that gets past the
 * browser's memory of the failed module), and a chunk that failed both times may be asked for again.
 * The messenger's chunk, which a visitor's click waits for, imports nothing: build.ts builds it alone.
 */
export function createChunkLoader(
  baseUrl: string | (() => string),
  chunks: ChunkMap,
  importModule: ImportModule,
  preloadModule?: ModulePreloader,
): (<Name extends ChunkName>(name: Name) => Promise<LazyModules[Name]>) & { preload(name: ChunkName): void } {
  const loading = new Map<ChunkName, Promise<unknown>>();
  const preloaded = new Set<ChunkName>();
  const urlOf = (name: ChunkName) => {
    const file = chunks[name];
    return file ? new URL(file, typeof baseUrl === "string" ? baseUrl : baseUrl()).href : null;
  };
  const load = <Name extends ChunkName>(name: Name) => {
    let pending = loading.get(name);
    if (!pending) {
      const url = urlOf(name);
      if (!url) return Promise.reject(new Error(`Gleap: no chunk named ${name}`));
      pending = importModule(url).catch(() => importModule(`${url}?retry=1`));
      pending.catch(() => loading.delete(name));
      loading.set(name, pending);
    }
    return pending as Promise<LazyModules[Name]>;
  };
  const preload = (name: ChunkName) => {
    const url = urlOf(name);
    if (!url || !preloadModule || loading.has(name) || preloaded.has(name)) return;
    preloaded.add(name);
    preloadModule(url);
  };
  return Object.assign(load, { preload });
}

/** The chunk loader of a page: it imports and preloads in `doc`, both with the host's CSP nonce. */
export function createPageChunkLoader(
  doc: Document,
  baseUrl: string | (() => string),
  chunks: ChunkMap,
  nonce: () => string | undefined,
) {
  return createChunkLoader(
    baseUrl,
    chunks,
    createModuleImporter(doc, nonce),
    createModulePreloader(doc, nonce),
  );
}

/**
 * A `<link rel="modulepreload">` for a chunk's file: the browser fetches and compiles it (off the main
 * thread) without running it, and the chunk's `import()` later finds it ready. It carries the host's
 * CSP nonce when there is one, and leaves the host's `<head>` once it has done its work. A browser
 * without modulepreload (it would fire neither `load` nor `error`) gets no link: the import fetches.
 */
export function createModulePreloader(doc: Document, nonce: () => string | undefined): ModulePreloader {
  return (url) => {
    const link = doc.createElement("link");
    if (!link.relList?.supports?.("modulepreload")) return;
    link.rel = "modulepreload";
    link.href = url;
    const value = nonce();
    if (value) link.nonce = value;
    link.onload = link.onerror = () => link.remove();
    doc.head.appendChild(link);
  };
}

/**
 * An `import()` that honours a host's CSP nonce: with a nonce, the chunk is imported from an inline
 * module script carrying it (a nonce cannot be given to `import()` itself).
 */
export function createModuleImporter(doc: Document, nonce: () => string | undefined): ImportModule {
  let next = 0;
  return (url) => {
    const value = nonce();
    if (!value) return import(/* @vite-ignore */ url);
    return new Promise((resolve, reject) => {
      const id = `__gleapChunk${next++}`;
      const slot = doc.defaultView as unknown as Record<string, (module: unknown) => void>;
      const script = doc.createElement("script");
      const finish = () => {
        delete slot[id];
        script.remove();
      };
      slot[id] = (module) => {
        finish();
        resolve(module);
      };
      script.type = "module";
      script.nonce = value;
      script.textContent = `import * as m from ${JSON.stringify(url)};window.${id}(m);`;
      script.onerror = () => {
        finish();
        reject(new Error(`Gleap: could not load ${url}`));
      };
      // An inline module's failed import fires `error` on the window, not the script: time it out.
      setTimeout(() => {
        if (slot[id]) {
          finish();
          reject(new Error(`Gleap: could not load ${url}`));
        }
      }, 30_000);
      doc.head.appendChild(script);
    });
  };
}
