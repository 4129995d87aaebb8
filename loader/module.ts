import type { WidgetChunkName } from "../src/shared/widget-chunk-contract.ts";
import { createGleap, type GleapApi } from "./gleap.ts";
import type { GleapHostApi } from "./host-api.ts";
import { type ChunkMap, createPageChunkLoader } from "./lazy-chunk.ts";

// build.ts replaces these: the chunk files of the same build, and the server the SDK talks to by default.
declare const __GLEAP_CHUNKS__: ChunkMap;
declare const __GLEAP_DEFAULT_API_URL__: string;

export type * from "./host-api.ts";

let instance: GleapApi | null = null;

/** The real SDK, made on first use in a browser; null on a server, where every call does nothing. */
function real(): GleapApi | null {
  if (typeof window === "undefined" || typeof document === "undefined") return null;
  if (!instance) {
    let api: GleapApi | null = null;
    // Chunks load from the `sdk/` folder beside the API the host points the SDK at (`setApiUrl`).
    const sdkBase = () => new URL("../../sdk/", `${api?.getApiUrl() ?? __GLEAP_DEFAULT_API_URL__}/`).href;
    const nonce = () => api?.getNonce();
    const load = createPageChunkLoader(document, sdkBase, __GLEAP_CHUNKS__, nonce);
    api = createGleap({
      window,
      apiUrl: __GLEAP_DEFAULT_API_URL__,
      loadChunk: load,
      loadSocket: () => load("socket").then((module) => module.ReconnectingWebSocket),
      loadLate: () => load("late"),
      availableSurfaces: Object.keys(__GLEAP_CHUNKS__) as WidgetChunkName[],
    });
    instance = api;
  }
  return instance;
}

/**
 * `import Gleap from "…"` for bundlers. Importing it has no side effects and is safe during server-side
 * rendering: nothing touches `window` until a method is called in a browser.
 */
const Gleap: GleapHostApi = new Proxy({} as GleapHostApi, {
  get(_target, name) {
    return (...args: unknown[]) => {
      const api = real();
      const method = api?.[name as keyof GleapApi] as ((...a: unknown[]) => unknown) | undefined;
      return typeof method === "function" ? method(...args) : undefined;
    };
  },
});

export default Gleap;
