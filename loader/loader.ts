import type { WidgetChunkName } from "../src/shared/widget-chunk-contract.ts";
import { type CommandTarget, replayQueue } from "./command-queue.ts";
import { createGleap, type GleapApi } from "./gleap.ts";
import { type ChunkMap, createPageChunkLoader } from "./lazy-chunk.ts";

// build.ts replaces this with the hashed chunk files of the same build.
declare const __GLEAP_CHUNKS__: ChunkMap;

/**
 * Entry of `/sdk/loader.js`, the file the snippet inserts. It replaces the snippet's stub with the real
 * API and replays the calls the host queued in `window.GleapActions` before this file arrived.
 */
function install(script: HTMLScriptElement | null) {
  const existing = (window as { Gleap?: { invoked?: boolean } }).Gleap;
  // The snippet's stub is an array marked `invoked`; anything else named Gleap is a loaded SDK.
  if (existing && !existing.invoked && "initialize" in existing) return;
  const sdkBase = new URL(".", script?.src || new URL("/sdk/", location.href)).href;
  // Read once: the build writes the map out at every mention.
  const chunks = __GLEAP_CHUNKS__;
  let gleap: GleapApi | null = null;
  const nonce = () => gleap?.getNonce();
  const load = createPageChunkLoader(document, sdkBase, chunks, nonce);
  gleap = createGleap({
    window,
    apiUrl: new URL("../api/widget", sdkBase).href,
    loadChunk: load,
    loadSocket: () => load("socket").then((module) => module.ReconnectingWebSocket),
    loadLate: () => load("late"),
    // "socket" and "late" are among the names too; no command routes to them.
    availableSurfaces: Object.keys(chunks) as WidgetChunkName[],
    // A host with a strict CSP gives the loader's script tag its nonce, or (the pasted snippet, whose
    // tag for this file has none, allowed by 'strict-dynamic') the snippet's own tag; the chunks reuse it.
    nonce: script?.nonce || document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce || undefined,
  });
  // Creating the API and running the host's queued calls are separate tasks too. The stub keeps
  // queueing until the swap, so the calls still run in the order the host made them.
  setTimeout(() => {
    const queued = (window as { GleapActions?: unknown }).GleapActions;
    Object.assign(window, { Gleap: gleap, GleapActions: [] });
    replayQueue(queued, gleap as unknown as CommandTarget, (message) => console.warn(message));
  }, 0);
}

// `currentScript` exists only while this file first runs; the rest waits for the next task, so parsing
// this file and starting the SDK are two short tasks on the host's main thread rather than one long one.
const current = document.currentScript as HTMLScriptElement | null;
setTimeout(() => install(current), 0);
