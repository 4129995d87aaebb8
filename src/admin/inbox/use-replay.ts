import { type RefObject, useEffect, useRef, useState } from "react";
import type { ReplayHandle } from "./replay-engine.ts";
import type { ReplaySpeed } from "./replay-speed-controls.tsx";
import type { ReplayView } from "./report-detail-view.ts";

/** Where the player is, for the logs that follow it. */
export interface ReplayClock {
  start: number;
  duration: number;
  current: number;
}

/** Lets the logs move the player (a click on an entry's time). */
export interface ReplaySeeker {
  seek(offset: number): void;
}

/**
 * rrweb's replayer (its chunk loaded on first use) running `events` in `root`, started anew for other
 * events, another policy or another root: whether it is loading, ready or failed, playing, where it is
 * (also told to `onClock`, and movable through `seeker`), how long it is, the recorded page's size, and
 * the speed and idle skipping, which a new start keeps.
 */
export function useReplay({
  root,
  events,
  framePolicy,
  initialSize,
  onClock,
  seeker,
}: {
  root: HTMLElement | null;
  /** Null until they are ready to be shown. */
  events: ReplayView["events"] | null;
  framePolicy: string;
  initialSize: { width: number; height: number };
  onClock: (clock: ReplayClock | null) => void;
  seeker: RefObject<ReplaySeeker | null>;
}) {
  const handle = useRef<ReplayHandle | null>(null);
  const [state, setState] = useState<"loading" | "ready" | "error">("loading");
  const [playing, setPlaying] = useState(false);
  const [current, setCurrent] = useState(0);
  const [timing, setTiming] = useState<{ start: number; duration: number } | null>(null);
  const [speed, setSpeed] = useState<ReplaySpeed>(1);
  const [skipInactive, setSkipInactive] = useState(false);
  // A replay started anew (other events, another policy) keeps the speed and skipping chosen.
  const settings = useRef({ speed, skipInactive });
  settings.current = { speed, skipInactive };
  const [size, setSize] = useState(initialSize);
  const clock = useRef(onClock);
  clock.current = onClock;

  useEffect(() => {
    if (!events || !root) return;
    let cancelled = false;
    let made: ReplayHandle | null = null;
    setState("loading");
    import("./replay-engine.ts")
      .then(({ startReplay }) => {
        if (cancelled) return;
        made = startReplay(root, events, framePolicy, {
          onTime: (offset) => {
            setCurrent(offset);
            if (made) clock.current({ start: made.start, duration: made.duration, current: offset });
          },
          onPlaying: setPlaying,
          onSize: (width, height) => setSize({ width, height }),
        });
        handle.current = made;
        made.setSpeed(settings.current.speed);
        made.setSkipInactive(settings.current.skipInactive);
        seeker.current = { seek: (offset) => made?.seek(offset) };
        setTiming({ start: made.start, duration: made.duration });
        setSize({ width: made.width, height: made.height });
        clock.current({ start: made.start, duration: made.duration, current: 0 });
        setState("ready");
      })
      .catch((error: unknown) => {
        console.error("admin: the replay could not start", error);
        if (!cancelled) setState("error");
      });
    return () => {
      cancelled = true;
      made?.destroy();
      handle.current = null;
      seeker.current = null;
      clock.current(null);
    };
  }, [events, framePolicy, root, seeker]);

  return {
    state,
    playing,
    current,
    timing,
    size,
    speed,
    skipInactive,
    duration: handle.current?.duration ?? 0,
    seek: (offset: number) => handle.current?.seek(offset),
    playOrPause: () => (playing ? handle.current?.pause() : handle.current?.play()),
    changeSpeed: (value: ReplaySpeed) => {
      setSpeed(value);
      handle.current?.setSpeed(value);
    },
    changeSkipInactive: (skip: boolean) => {
      setSkipInactive(skip);
      handle.current?.setSkipInactive(skip);
    },
  };
}
