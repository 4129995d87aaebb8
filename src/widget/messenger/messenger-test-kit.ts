import type { StartedFrame, SurfaceCommand } from "../../shared/widget-chunk-contract.ts";
import type { FlowConfig } from "../../shared/widget-config-api.ts";
import { createChunkContext, type RecordingHost } from "../common/chunk-context-test-support.ts";
import { mount, run } from "./messenger-chunk.ts";

/** The frame origin the recording host's `frameUrls().messenger` names. */
export const frameOrigin = "http://localhost:3001";

export interface PostedMessage {
  message: { name: string; data?: unknown };
  target: string;
}

/**
 * Mounts the real messenger chunk into a real shadow root with the recording host, and stands in for
 * the frame's window: happy-dom does not load cross-origin frames, so the iframe the chunk creates is
 * given a window that records what the host posts, and the test posts the frame's messages as a
 * browser would deliver them (origin and source set).
 */
export function mountMessenger(
  options: {
    flowConfig?: FlowConfig;
    host?: RecordingHost;
    nonce?: string;
    /** Puts a frame in the root before the chunk mounts, as the loader does on a first open. */
    startFrame?: (root: ShadowRoot) => StartedFrame;
  } = {},
) {
  const base = createChunkContext(options);
  const context = { ...base, startedFrame: options.startFrame?.(base.root) };
  const unmount = mount(context);
  const posted: PostedMessage[] = [];
  const emitted: Array<{ name: string; data?: unknown }> = [];
  for (const name of [
    "open",
    "close",
    "feedback-sent",
    "outbound-sent",
    "error-while-sending",
    "tool-execution",
    "cleanup-drawings",
    "flow-started",
    "config-changed",
  ]) {
    context.events.on(name, (data) => emitted.push({ name, data }));
  }
  const frameWindow = {
    postMessage(data: unknown, target: string) {
      posted.push({ message: JSON.parse(String(data)), target });
    },
  };
  const iframe = () => context.root.querySelector("iframe");
  const container = () => context.root.querySelector<HTMLElement>("[data-testid=gleap-frame-container]");

  return {
    context,
    host: context.host,
    events: context.events,
    root: context.root,
    posted,
    emitted,
    frameWindow,
    iframe,
    container,
    // Tests drive the chunk with any name, as a misbehaving caller could.
    run: (command: string, ...args: unknown[]) => run(command as SurfaceCommand<"messenger">, args),
    unmount,
    /** Names of what the host posted to the frame, in order. */
    names: () => posted.map((entry) => entry.message.name),
    /** Gives the injected iframe the recording window (what a browser's frame would have). */
    connect() {
      const element = iframe();
      if (!element) throw new Error("no frame was injected");
      Object.defineProperty(element, "contentWindow", { value: frameWindow, configurable: true });
    },
    /** Delivers a message event as if the frame had posted it. */
    fromFrame(message: unknown, { origin = frameOrigin, source = frameWindow as unknown, raw = false } = {}) {
      window.dispatchEvent(
        new MessageEvent("message", {
          data: raw ? message : JSON.stringify(message),
          origin,
          source: source as Window,
        }),
      );
    },
  };
}

export type MountedMessenger = ReturnType<typeof mountMessenger>;

/** Injects the frame (with `open`), connects the recording window and completes the handshake. */
export function readyMessenger(mounted: MountedMessenger, command = "open", ...args: unknown[]) {
  mounted.run(command, ...args);
  mounted.connect();
  mounted.fromFrame({ name: "ping" });
}
