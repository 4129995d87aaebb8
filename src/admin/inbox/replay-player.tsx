import { type CSSProperties, type RefObject, useEffect, useMemo, useRef, useState } from "react";
import { useT } from "../i18n/intl.ts";
import { Button } from "../shell/button.tsx";
import { useOwnOrigins } from "./own-origins.ts";
import type { ReplayHandle } from "./replay-engine.ts";
import { ReplayMarkerLegend, ReplayMarkerTrack } from "./replay-marker-track.tsx";
import { replayMarkers } from "./replay-markers.ts";
import { withMessengerPlaceholders } from "./replay-messenger-frames.ts";
import { type ReplaySpeed, ReplaySpeedControls } from "./replay-speed-controls.tsx";
import { clockText } from "./replay-timeline.ts";
import type { ReplayView, ReportDetailView } from "./report-detail-view.ts";
import { useFitScale } from "./use-fit-scale.ts";
import { useFullscreen } from "./use-fullscreen.ts";
import { withoutWidgetNoise } from "./widget-noise.ts";

/** The replayed page's size and scale; in full screen centred in the screen, not hung from the column's corner. */
function rootStyle(
  size: { width: number; height: number },
  scale: number,
  fullscreen: boolean,
): CSSProperties {
  const style: CSSProperties = {
    width: `${size.width}px`,
    height: `${size.height}px`,
    transform: `scale(${scale})`,
  };
  if (!fullscreen) return style;
  return {
    ...style,
    left: "50%",
    top: "50%",
    marginLeft: `${-size.width / 2}px`,
    marginTop: `${-size.height / 2}px`,
    transformOrigin: "50% 50%",
  };
}

/** The capture frame rrweb builds in (capture-frame.ts); says its body once it has loaded. */
function ReplayFrame({
  url,
  title,
  style,
  onBody,
}: {
  url: string;
  title: string;
  style: CSSProperties;
  onBody: (body: HTMLElement | null) => void;
}) {
  return (
    <iframe
      className="replay-root"
      title={title}
      sandbox="allow-same-origin"
      referrerPolicy="no-referrer"
      src={url}
      tabIndex={-1}
      style={style}
      onLoad={(event) => onBody(event.currentTarget.contentDocument?.body ?? null)}
    />
  );
}

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
 * with play/pause, a timeline with markers (clicks, console errors, failed requests, the report's
 * moment; the widget's own entries left out), the clock, speed, idle skipping and full screen.
 * `onClock` reports the position so the console and network logs highlight the entry reached.
 * Frames of our messenger show as labelled boxes (replay-messenger-frames.ts).
 */
export function ReplayPlayer({
  replay,
  report,
  events,
  framePolicy,
  frameUrl,
  onClock,
  seeker,
}: {
  replay: ReplayView;
  /** The logs and the time the markers are read from. */
  report: Pick<ReportDetailView, "consoleLog" | "networkLogs" | "createdAt">;
  /** The replay's events with external addresses replaced (replay-resources.ts). */
  events: ReplayView["events"];
  framePolicy: string;
  /** The capture frame the replay is shown in (capture-frame.ts). */
  frameUrl: string;
  onClock: (clock: ReplayClock | null) => void;
  seeker: RefObject<ReplaySeeker | null>;
}) {
  const { t } = useT();
  const player = useRef<HTMLDivElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  // The capture frame's body, once the frame of this address has loaded: rrweb builds in there.
  const [loaded, setLoaded] = useState<{ url: string; body: HTMLElement } | null>(null);
  const root = loaded?.url === frameUrl ? loaded.body : null;
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
  const [size, setSize] = useState({ width: replay.width ?? 1280, height: replay.height ?? 800 });
  const fullscreen = useFullscreen(player);
  const scale = useFitScale(stage, size.width, fullscreen.active ? size.height : null);
  const clock = useRef(onClock);
  clock.current = onClock;

  const own = useOwnOrigins();
  const placeholder = t("inbox.replay.messengerPlaceholder");
  const shownEvents = useMemo(
    () => (own ? withMessengerPlaceholders(events, own, placeholder) : null),
    [events, own, placeholder],
  );
  const markers = useMemo(() => {
    if (!timing || !own) return [];
    const quiet = withoutWidgetNoise(report, own);
    const reportedAt = Date.parse(report.createdAt);
    return replayMarkers({
      events,
      consoleLog: quiet.console,
      networkLogs: quiet.network,
      reportedAt: Number.isNaN(reportedAt) ? null : reportedAt,
      ...timing,
    });
  }, [timing, own, report, events]);

  useEffect(() => {
    if (!shownEvents || !root) return;
    let cancelled = false;
    let made: ReplayHandle | null = null;
    setState("loading");
    import("./replay-engine.ts")
      .then(({ startReplay }) => {
        if (cancelled) return;
        made = startReplay(root, shownEvents, framePolicy, {
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
  }, [shownEvents, framePolicy, root, seeker]);

  const duration = handle.current?.duration ?? 0;
  if (state === "error") return <p className="state-panel">{t("inbox.replay.error")}</p>;
  const seek = (offset: number) => handle.current?.seek(offset);
  return (
    <div ref={player} className="replay-player" data-testid="replay-player" data-state={state}>
      <div
        ref={stage}
        className="replay-stage"
        style={fullscreen.active ? undefined : { height: `${Math.round(size.height * scale)}px` }}
      >
        <ReplayFrame
          // Another address (external content loaded) is another frame, and a new replay in it.
          key={frameUrl}
          url={frameUrl}
          title={t("inbox.replay.frameTitle")}
          style={rootStyle(size, scale, fullscreen.active)}
          onBody={(body) => setLoaded(body ? { url: frameUrl, body } : null)}
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
        <div className="replay-track">
          <ReplayMarkerTrack markers={markers} duration={duration} onSeek={seek} />
          <input
            type="range"
            className="replay-timeline"
            aria-label={t("inbox.replay.timeline")}
            min={0}
            max={Math.max(1, Math.round(duration))}
            step={100}
            value={Math.round(current)}
            disabled={state !== "ready"}
            onChange={(event) => seek(Number(event.target.value))}
          />
        </div>
        <span className="replay-clock" data-testid="replay-clock">
          {clockText(current)} / {clockText(duration)}
        </span>
      </div>
      <div className="replay-options">
        <ReplaySpeedControls
          speed={speed}
          skipInactive={skipInactive}
          disabled={state !== "ready"}
          onSpeed={(value) => {
            setSpeed(value);
            handle.current?.setSpeed(value);
          }}
          onSkipInactive={(skip) => {
            setSkipInactive(skip);
            handle.current?.setSkipInactive(skip);
          }}
        />
        {fullscreen.supported && (
          <Button size="sm" variant="secondary" className="replay-fullscreen" onClick={fullscreen.toggle}>
            {t(fullscreen.active ? "inbox.replay.exitFullscreen" : "inbox.replay.fullscreen")}
          </Button>
        )}
      </div>
      <ReplayMarkerLegend markers={markers} />
    </div>
  );
}
