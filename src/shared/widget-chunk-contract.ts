import type { FlowConfig } from "./widget-flow-config.ts";
import type { WidgetSession } from "./widget-session.ts";

/** The SDK's events a host can listen to with `Gleap.on(name, callback)`. */
export type WidgetEventName = "initialized" | "open" | "close";

export interface WidgetEvents {
  emit(name: WidgetEventName, data?: unknown): void;
  on(name: WidgetEventName, callback: (data?: unknown) => void): () => void;
}

/**
 * What the loader hands a lazy widget chunk. Chunks import this type only: at run time they receive
 * the loader's facade, so no loader code is ever bundled into a chunk.
 */
export interface WidgetChunkContext {
  /** The shadow root every in-page surface renders into, so host CSS cannot reach it. */
  root: ShadowRoot;
  session: WidgetSession;
  flowConfig: FlowConfig;
  events: WidgetEvents;
}

/** Every widget chunk's entry module has this shape. */
export interface WidgetChunk {
  mount(context: WidgetChunkContext): () => void;
}

/** Names of the lazy chunks; build.ts builds one entry per name. */
export const widgetChunkNames = ["launcher"] as const;
export type WidgetChunkName = (typeof widgetChunkNames)[number];
