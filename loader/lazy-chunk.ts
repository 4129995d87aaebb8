import type { WidgetChunk, WidgetChunkName } from "../src/shared/widget-chunk-contract.ts";

/** Chunk name → file name under the SDK folder, from the build manifest (content-hashed). */
export type ChunkMap = Partial<Record<WidgetChunkName, string>>;

export type ImportModule = (url: string) => Promise<unknown>;

export type ChunkLoader = (name: WidgetChunkName) => Promise<WidgetChunk>;

/**
 * The one way the loader reaches a screen: a dynamic import of the chunk's hashed file, resolved
 * against the folder the loader itself came from. Each chunk is requested at most once; concurrent
 * callers share the same promise. A failed import is retried once (with a query that gets past the
 * browser's memory of the failed module), and a chunk that failed both times may be asked for again.
 */
export function createChunkLoader(
  baseUrl: string | (() => string),
  chunks: ChunkMap,
  importModule: ImportModule,
): ChunkLoader {
  const loading = new Map<WidgetChunkName, Promise<WidgetChunk>>();
  return (name) => {
    let pending = loading.get(name);
    if (!pending) {
      const file = chunks[name];
      if (!file) return Promise.reject(new Error(`Gleap: no chunk named ${name}`));
      const url = new URL(file, typeof baseUrl === "string" ? baseUrl : baseUrl()).href;
      pending = importModule(url)
        .catch(() => importModule(`${url}?retry=1`))
        .then((module) => module as WidgetChunk);
      pending.catch(() => loading.delete(name));
      loading.set(name, pending);
    }
    return pending;
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
