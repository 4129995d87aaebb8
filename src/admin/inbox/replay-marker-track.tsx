import type { MessageId } from "../i18n/en-US.ts";
import { useT } from "../i18n/intl.ts";
import { type MarkerKind, markerPosition, type ReplayMarker } from "./replay-markers.ts";
import { clockText } from "./replay-timeline.ts";

const kindLabel: Record<MarkerKind, MessageId> = {
  click: "inbox.replay.marker.click",
  error: "inbox.replay.marker.error",
  request: "inbox.replay.marker.request",
  report: "inbox.replay.marker.report",
};
const kinds: readonly MarkerKind[] = ["click", "error", "request", "report"];

/**
 * The marks above the replay's timeline; a click on one jumps there. They are out of the tab order:
 * a replay may hold dozens of clicks, and the logs' time buttons reach the same moments by keyboard.
 */
export function ReplayMarkerTrack({
  markers,
  duration,
  onSeek,
}: {
  markers: readonly ReplayMarker[];
  duration: number;
  onSeek: (offset: number) => void;
}) {
  const { t } = useT();
  return (
    // biome-ignore lint/a11y/useSemanticElements: a strip of positioned buttons, not a form fieldset.
    <div
      className="replay-markers"
      role="group"
      aria-label={t("inbox.replay.markers")}
      data-testid="replay-markers"
    >
      {markers.map((marker, index) => {
        const name = t("inbox.replay.markerAt", {
          kind: t(kindLabel[marker.kind]),
          time: clockText(marker.offset),
        });
        const label = marker.detail ? `${name}: ${marker.detail}` : name;
        return (
          <button
            // biome-ignore lint/suspicious/noArrayIndexKey: markers have no id; the list is fixed per replay.
            key={index}
            type="button"
            tabIndex={-1}
            className={`replay-marker replay-marker-${marker.kind}`}
            data-kind={marker.kind}
            style={{ left: `${markerPosition(marker.offset, duration)}%` }}
            aria-label={label}
            title={label}
            onClick={() => onSeek(marker.offset)}
          />
        );
      })}
    </div>
  );
}

/** What each colour stands for, with how many of each the replay has. */
export function ReplayMarkerLegend({ markers }: { markers: readonly ReplayMarker[] }) {
  const { t } = useT();
  const present = kinds.filter((kind) => markers.some((marker) => marker.kind === kind));
  if (present.length === 0) return null;
  return (
    <ul className="replay-legend" data-testid="replay-legend">
      {present.map((kind) => (
        <li key={kind} data-kind={kind}>
          <span className={`replay-legend-dot replay-marker-${kind}`} aria-hidden="true" />
          {t(kindLabel[kind])} ({markers.filter((marker) => marker.kind === kind).length})
        </li>
      ))}
    </ul>
  );
}
