import { type CommandTarget, replayQueue } from "./command-queue.ts";
import { createGleap } from "./gleap.ts";
import { type ChunkMap, createChunkLoader } from "./lazy-chunk.ts";

// build.ts replaces this with the hashed chunk files of the same build.
declare const __GLEAP_CHUNKS__: ChunkMap;

/**
 * Entry of `/sdk/loader.js`, the file the snippet inserts. It replaces the snippet's stub with the real
 * API and replays the calls the host queued in `window.GleapActions` before this file arrived.
 */
(() => {
  const script = document.currentScript as HTMLScriptElement | null;
  const sdkBase = new URL(".", script?.src || new URL("/sdk/", location.href)).href;
  const stub = (window as { Gleap?: { invoked?: boolean } }).Gleap;
  if (stub && !stub.invoked && "initialize" in stub) return; // the real SDK is already on the page

  const gleap = createGleap({
    window,
    apiUrl: new URL("../api/widget", sdkBase).href,
    // The chunks are ES modules; a classic script reaches them through dynamic import().
    loadChunk: createChunkLoader(sdkBase, __GLEAP_CHUNKS__, (url) => import(url)),
  });
  const queued = (window as { GleapActions?: unknown }).GleapActions;
  Object.assign(window, { Gleap: gleap, GleapActions: [] });
  replayQueue(queued, gleap as unknown as CommandTarget, (message) => console.warn(message));
})();
