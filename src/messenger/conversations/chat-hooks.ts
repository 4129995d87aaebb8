import { useCallback, useEffect, useRef, useState } from "react";
import { path, useShell } from "../shell/shell-api.ts";

/**
 * The typing signal both ways. The server allows 300 requests a minute per session, so the visitor's
 * side sends at most one typing call every 3 s while they type and a stop 5 s after the last key
 * (sooner after a send, but never within 3 s of the previous call). Staff typing arrives as a
 * `conversation-typing` push and goes away with their message, a stop, or after 10 s of silence.
 */
export const typingTiming = {
  throttleMs: 3000,
  idleMs: 5000,
  remoteTimeoutMs: 10_000,
  /** The throttle's clock; tests move it instead of waiting out the gap. */
  now: () => Date.now(),
};

export function useTypingSignal(shareToken: string) {
  const { api } = useShell();
  const state = useRef({
    typing: false,
    lastCall: 0,
    idle: undefined as ReturnType<typeof setTimeout> | undefined,
  });

  const call = useCallback(
    (typing: boolean) => {
      state.current.lastCall = typingTiming.now();
      api.post(path`/conversations/${shareToken}/typing`, { typing }).catch(() => {
        // A lost typing signal is not worth telling the visitor about.
      });
    },
    [api, shareToken],
  );

  const stop = useCallback(() => {
    const current = state.current;
    clearTimeout(current.idle);
    if (!current.typing) return;
    current.typing = false;
    call(false);
  }, [call]);

  /** The visitor typed a key. */
  const typed = useCallback(() => {
    const current = state.current;
    const now = typingTiming.now();
    // Typing again within 3 s of the last call waits for a key after the gap.
    if (now - current.lastCall >= typingTiming.throttleMs) {
      current.typing = true;
      call(true);
    }
    clearTimeout(current.idle);
    current.idle = setTimeout(stop, typingTiming.idleMs);
  }, [call, stop]);

  /** The visitor sent their message: stop as soon as the 3 s gap allows. */
  const sent = useCallback(() => {
    const current = state.current;
    if (!current.typing) return;
    clearTimeout(current.idle);
    const wait = Math.max(0, current.lastCall + typingTiming.throttleMs - typingTiming.now());
    current.idle = setTimeout(stop, wait);
  }, [stop]);

  useEffect(() => () => stop(), [stop]);
  return { typed, sent };
}

/** Who is typing in this conversation right now (from the socket), or null. */
export function useRemoteTyping(shareToken: string): {
  typing: { name: string | null } | null;
  clear(): void;
} {
  const { realtime } = useShell();
  const [typing, setTyping] = useState<{ name: string | null } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setTyping(null);
  }, []);
  useEffect(
    () =>
      realtime.subscribe("conversation-typing", (push) => {
        if (push?.shareToken !== shareToken) return;
        clearTimeout(timer.current);
        if (!push.typing) {
          setTyping(null);
          return;
        }
        setTyping({ name: typeof push.name === "string" && push.name ? push.name : null });
        timer.current = setTimeout(() => setTyping(null), typingTiming.remoteTimeoutMs);
      }),
    [realtime, shareToken],
  );
  useEffect(() => () => clearTimeout(timer.current), []);
  return { typing, clear };
}

/** Whether the frame's page is shown (not a background tab, not a minimised window). */
export function usePageVisible(): boolean {
  const [visible, setVisible] = useState(() =>
    typeof document === "undefined" ? true : document.visibilityState !== "hidden",
  );
  useEffect(() => {
    const change = () => setVisible(document.visibilityState !== "hidden");
    document.addEventListener("visibilitychange", change);
    return () => document.removeEventListener("visibilitychange", change);
  }, []);
  return visible;
}
