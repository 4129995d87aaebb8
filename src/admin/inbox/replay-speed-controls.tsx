import { useT } from "../i18n/intl.ts";
import { InlineCheckbox } from "../shell/inline-checkbox.tsx";

export const replaySpeeds = [1, 2, 4, 8] as const;
export type ReplaySpeed = (typeof replaySpeeds)[number];

/** The replay's speed (1×, 2×, 4×, 8×) and whether stretches without input are fast-forwarded. */
export function ReplaySpeedControls({
  speed,
  skipInactive,
  disabled,
  onSpeed,
  onSkipInactive,
}: {
  speed: ReplaySpeed;
  skipInactive: boolean;
  disabled: boolean;
  onSpeed: (speed: ReplaySpeed) => void;
  onSkipInactive: (skip: boolean) => void;
}) {
  const { t } = useT();
  return (
    <>
      {/* biome-ignore lint/a11y/useSemanticElements: a group of toggle buttons, not a form fieldset. */}
      <div className="switcher replay-speed" role="group" aria-label={t("inbox.replay.speed")}>
        {replaySpeeds.map((value) => (
          <button
            key={value}
            type="button"
            className="switcher-button"
            aria-pressed={value === speed}
            disabled={disabled}
            onClick={() => onSpeed(value)}
          >
            {value}×
          </button>
        ))}
      </div>
      <InlineCheckbox
        className="replay-skip"
        name="skipInactive"
        label={t("inbox.replay.skipInactive")}
        checked={skipInactive}
        disabled={disabled}
        onChange={onSkipInactive}
      />
    </>
  );
}
