import type { WidgetChunk, WidgetChunkName } from "../src/shared/widget-chunk-contract.ts";

/** Chunk name → file name under the SDK folder, from the build manifest (content-hashed). */
export type ChunkMap = Partial<Record<WidgetChunkName, string>>;

export type ImportModule = (url: string) => Promise<unknown>;

/**
 * The one way the loader reaches a screen: a dynamic import of the chunk's hashed file, resolved
 * against the folder the loader itself came from. Each chunk is requested at most once; concurrent
 * callers share the same promise.
 */
export function createChunkLoader(baseUrl: string, chunks: ChunkMap, importModule: ImportModule) {
  const loading = new Map<WidgetChunkName, Promise<WidgetChunk>>();
  return (name: WidgetChunkName): Promise<WidgetChunk> => {
    let pending = loading.get(name);
    if (!pending) {
      const file = chunks[name];
      pending = file
        ? importModule(new URL(file, baseUrl).href).then((module) => module as WidgetChunk)
        : Promise.reject(new Error(`Gleap: no chunk named ${name}`));
      // A failed load may be retried by a later call instead of failing forever.
      pending.catch(() => loading.delete(name));
      loading.set(name, pending);
    }
    return pending;
  };
}
