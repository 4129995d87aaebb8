import type { MessengerStore } from "./messenger-store.ts";

/** From a host that sends no session (none yet, or one the frame does not take), the draw after this. */
export const firstDrawFallbackMs = 1_000;

export interface FirstDrawOptions {
  store: Pick<MessengerStore, "get" | "subscribe">;
  /** False when the page is opened on its own: nothing will come, it draws at once. */
  framed: boolean;
  draw: () => void;
  fallbackMs?: number;
  setTimeout?: (run: () => void, ms: number) => unknown;
  clearTimeout?: (timer: unknown) => void;
}

/**
 * When the frame app first draws: once the host's session has arrived, not before. Drawing is the
 * frame's longest piece of work (React's first render of the page), and the frame and its host share a
 * main thread when they are on one site. Drawn at once, it ran between the frame's `ping` and the host's
 * answer, so the config and the session waited for it, and the first screen's request with them. Drawn
 * after the session, that request is already on its way (the runtime asks for it when the session
 * arrives: the draw runs in a microtask after the message's handler) and the render overlaps with it.
 * Nothing shows meanwhile: the host keeps the frame transparent behind its own placeholder until 300 ms
 * after the ping. From a host that sends no session the frame draws after `fallbackMs` (the app then
 * shows its connecting state, as before).
 */
export function drawOnFirstSession({
  store,
  framed,
  draw,
  fallbackMs = firstDrawFallbackMs,
  setTimeout: later = (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: cancel = (timer) => globalThis.clearTimeout(timer as ReturnType<typeof setTimeout>),
}: FirstDrawOptions): void {
  if (!framed || store.get().session) {
    draw();
    return;
  }
  let drawn = false;
  const once = () => {
    if (drawn) return;
    drawn = true;
    stop();
    cancel(timer);
    draw();
  };
  const stop = store.subscribe(() => {
    if (store.get().session) queueMicrotask(once);
  });
  const timer = later(once, fallbackMs);
}
