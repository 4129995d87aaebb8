import { type RefObject, useMemo, useRef, useState } from "react";
import { useT } from "../i18n/intl.ts";
import { Button } from "../shell/button.tsx";
import { useOwnOrigins } from "./own-origins.ts";
import { ReplayControls } from "./replay-controls.tsx";
import { ReplayMarkerLegend } from "./replay-marker-track.tsx";
import { withMessengerPlaceholders } from "./replay-messenger-frames.ts";
import { ReplaySpeedControls } from "./replay-speed-controls.tsx";
import { ReplayStage } from "./replay-stage.tsx";
import type { ReplayView, ReportDetailView } from "./report-detail-view.ts";
import { useFitScale } from "./use-fit-scale.ts";
import { useFullscreen } from "./use-fullscreen.ts";
import { type ReplayClock, type ReplaySeeker, useReplay } from "./use-replay.ts";
import { useReplayMarkers } from "./use-replay-markers.ts";

export type { ReplayClock, ReplaySeeker };

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
  const own = useOwnOrigins();
  const placeholder = t("inbox.replay.messengerPlaceholder");
  const shownEvents = useMemo(
    () => (own ? withMessengerPlaceholders(events, own, placeholder) : null),
    [events, own, placeholder],
  );
  const run = useReplay({
    root: loaded?.url === frameUrl ? loaded.body : null,
    events: shownEvents,
    framePolicy,
    initialSize: { width: replay.width ?? 1280, height: replay.height ?? 800 },
    onClock,
    seeker,
  });
  const fullscreen = useFullscreen(player);
  const scale = useFitScale(stage, run.size.width, fullscreen.active ? run.size.height : null);
  const markers = useReplayMarkers(report, events, own, run.timing);

  if (run.state === "error") return <p className="state-panel">{t("inbox.replay.error")}</p>;
  return (
    <div ref={player} className="replay-player" data-testid="replay-player" data-state={run.state}>
      <ReplayStage
        stage={stage}
        frameUrl={frameUrl}
        size={run.size}
        scale={scale}
        fullscreen={fullscreen.active}
        loading={run.state === "loading"}
        onBody={(body) => setLoaded(body ? { url: frameUrl, body } : null)}
      />
      <ReplayControls
        ready={run.state === "ready"}
        playing={run.playing}
        markers={markers}
        current={run.current}
        duration={run.duration}
        onPlayOrPause={run.playOrPause}
        onSeek={run.seek}
      />
      <div className="replay-options">
        <ReplaySpeedControls
          speed={run.speed}
          skipInactive={run.skipInactive}
          disabled={run.state !== "ready"}
          onSpeed={run.changeSpeed}
          onSkipInactive={run.changeSkipInactive}
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
