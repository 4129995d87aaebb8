import { browserClock, type TimerClock } from "../realtime/timer-clock.ts";

/**
 * The staff side of the typing signal, timed like the messenger's own (src/messenger/conversations/
 * chat-hooks.ts): at most one "typing" call every 3 s while the admin types, a stop 5 s after the last
 * key, and after a send the stop as soon as the 3 s gap allows. The visitor's typing shown here goes
 * away with their message, a stop, or after 10 s of silence.
 */
export const typingTiming = { throttleMs: 3000, idleMs: 5000, remoteTimeoutMs: 10_000 };

export function createTypingSignal(send: (typing: boolean) => void, clock: TimerClock = browserClock) {
  let typing = false;
  let lastCall = Number.NEGATIVE_INFINITY;
  let idle: unknown;

  const call = (value: boolean) => {
    lastCall = clock.now();
    send(value);
  };
  const stop = () => {
    clock.clearTimer(idle);
    if (!typing) return;
    typing = false;
    call(false);
  };
  return {
    /** A key was typed in the composer. */
    typed() {
      if (clock.now() - lastCall >= typingTiming.throttleMs) {
        typing = true;
        call(true);
      }
      clock.clearTimer(idle);
      idle = clock.setTimer(stop, typingTiming.idleMs);
    },
    /** The reply went out: stop as soon as the gap allows. */
    sent() {
      if (!typing) return;
      clock.clearTimer(idle);
      idle = clock.setTimer(stop, Math.max(0, lastCall + typingTiming.throttleMs - clock.now()));
    },
    /** The composer goes away (another conversation, leaving the screen). */
    stop,
  };
}
