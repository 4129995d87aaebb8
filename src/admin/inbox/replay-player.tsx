import { type RefObject, useEffect, useRef, useState } from "react";
import { useT } from "../i18n/intl.ts";
import { Button } from "../shell/button.tsx";
import type { ReplayHandle } from "./replay-engine.ts";
import { clockText } from "./replay-timeline.ts";
import type { ReplayView } from "./report-detail-view.ts";
import { useFitScale } from "./use-fit-scale.ts";

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
 * The web replay: rrweb's replayer (loaded with its own chunk on first use), scaled to the column,
 * with play/pause, a timeline and the clock. `onClock` reports the position so the console and
 * network logs highlight the entry the replay has reached.
 */
export function ReplayPlayer({
  replay,
  events,
  framePolicy,
  onClock,
  seeker,
}: {
  replay: ReplayView;
  /** The replay's events with external addresses replaced (replay-resources.ts). */
  events: ReplayView["events"];
  framePolicy: string;
  onClock: (clock: ReplayClock | null) => void;
  seeker: RefObject<ReplaySeeker | null>;
}) {
  const { t } = useT();
  const stage = useRef<HTMLDivElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const handle = useRef<ReplayHandle | null>(null);
  const [state, setState] = useState<"loading" | "ready" | "error">("loading");
  const [playing, setPlaying] = useState(false);
  const [current, setCurrent] = useState(0);
  const [size, setSize] = useState({ width: replay.width ?? 1280, height: replay.height ?? 800 });
  const scale = useFitScale(stage, size.width);
  const clock = useRef(onClock);
  clock.current = onClock;

  useEffect(() => {
    let cancelled = false;
    let made: ReplayHandle | null = null;
    setState("loading");
    import("./replay-engine.ts")
      .then(({ startReplay }) => {
        if (cancelled || !root.current) return;
        made = startReplay(root.current, events, framePolicy, {
          onTime: (offset) => {
            setCurrent(offset);
            if (made) clock.current({ start: made.start, duration: made.duration, current: offset });
          },
          onPlaying: setPlaying,
          onSize: (width, height) => setSize({ width, height }),
        });
        handle.current = made;
        seeker.current = { seek: (offset) => made?.seek(offset) };
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
  }, [events, framePolicy, seeker]);

  const duration = handle.current?.duration ?? 0;
  if (state === "error") return <p className="state-panel">{t("inbox.replay.error")}</p>;
  return (
    <div className="replay-player" data-testid="replay-player" data-state={state}>
      <div ref={stage} className="replay-stage" style={{ height: `${Math.round(size.height * scale)}px` }}>
        <div
          ref={root}
          className="replay-root"
          style={{ width: `${size.width}px`, height: `${size.height}px`, transform: `scale(${scale})` }}
        />
        {state === "loading" && (
          <p className="subtle replay-loading" role="status">
            {t("inbox.replay.loading")}
          </p>
        )}
      </div>
      <div className="replay-controls">
        <Button
          size="sm"
          variant="secondary"
          disabled={state !== "ready"}
          onClick={() => (playing ? handle.current?.pause() : handle.current?.play())}
        >
          {t(playing ? "inbox.replay.pause" : "inbox.replay.play")}
        </Button>
        <input
          type="range"
          className="replay-timeline"
          aria-label={t("inbox.replay.timeline")}
          min={0}
          max={Math.max(1, Math.round(duration))}
          step={100}
          value={Math.round(current)}
          disabled={state !== "ready"}
          onChange={(event) => handle.current?.seek(Number(event.target.value))}
        />
        <span className="replay-clock" data-testid="replay-clock">
          {clockText(current)} / {clockText(duration)}
        </span>
      </div>
    </div>
  );
}
