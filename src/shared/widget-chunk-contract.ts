import type { FlowConfig } from "./widget-flow-config.ts";
import type { WidgetSession } from "./widget-session.ts";

/** The SDK's events a host can listen to with `Gleap.on(name, callback)`. */
export type WidgetEventName =
  | "initialized"
  | "open"
  | "close"
  | "unread-count-changed"
  | "checklist-update"
  | "outbound-actions"
  | "feedback-sent"
  | "error-while-sending"
  | "productTourCompleted"
  | "productTourQuit";

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
  /** The host's CSP nonce, for the `<style>` elements a chunk adds. */
  nonce?: string;
}

/** Every widget chunk's entry module has this shape. */
export interface WidgetChunk {
  mount(context: WidgetChunkContext): () => void;
  /** Host API calls routed to this surface (e.g. `startFeedbackFlow` to the messenger). */
  run?(command: string, args: unknown[]): void;
}

/** Names of the lazy chunks that exist; build.ts builds one entry per name. */
export const widgetChunkNames = ["launcher"] as const;

/**
 * Every surface the host API can route to. Those not in `widgetChunkNames` yet have no chunk: their
 * commands resolve and log that the surface is unavailable.
 */
export const surfaceNames = [
  "launcher",
  "messenger",
  "notifications",
  "banner",
  "modal",
  "tours",
  "capture",
] as const;
export type WidgetChunkName = (typeof surfaceNames)[number];
