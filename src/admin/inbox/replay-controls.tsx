import { useT } from "../i18n/intl.ts";
import { Button } from "../shell/button.tsx";
import { ReplayMarkerTrack } from "./replay-marker-track.tsx";
import type { ReplayMarker } from "./replay-markers.ts";
import { clockText } from "./replay-timeline.ts";

/** Play or pause, the timeline under its markers, and the clock ("0:12 / 1:30"). */
export function ReplayControls({
  ready,
  playing,
  markers,
  current,
  duration,
  onPlayOrPause,
  onSeek,
}: {
  ready: boolean;
  playing: boolean;
  markers: readonly ReplayMarker[];
  current: number;
  duration: number;
  onPlayOrPause: () => void;
  onSeek: (offset: number) => void;
}) {
  const { t } = useT();
  return (
    <div className="replay-controls">
      <Button size="sm" variant="secondary" disabled={!ready} onClick={onPlayOrPause}>
        {t(playing ? "inbox.replay.pause" : "inbox.replay.play")}
      </Button>
      <div className="replay-track">
        <ReplayMarkerTrack markers={markers} duration={duration} onSeek={onSeek} />
        <input
          type="range"
          className="replay-timeline"
          aria-label={t("inbox.replay.timeline")}
          min={0}
          max={Math.max(1, Math.round(duration))}
          step={100}
          value={Math.round(current)}
          disabled={!ready}
          onChange={(event) => onSeek(Number(event.target.value))}
        />
      </div>
      <span className="replay-clock" data-testid="replay-clock">
        {clockText(current)} / {clockText(duration)}
      </span>
    </div>
  );
}
