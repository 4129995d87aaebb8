import { useState } from "react";
import { useT } from "../i18n/intl.ts";

/** The screen recording (WebM or MP4 from the report's upload), with the browser's own controls. */
export function RecordingPlayer({ url }: { url: string }) {
  const { t } = useT();
  const [failed, setFailed] = useState(false);
  if (failed) return <p className="state-panel">{t("inbox.recording.error")}</p>;
  return (
    // biome-ignore lint/a11y/useMediaCaption: a screen recording of a visitor's page has no captions to offer.
    <video
      className="recording-video"
      data-testid="recording-video"
      src={url}
      controls
      preload="metadata"
      onError={() => setFailed(true)}
    />
  );
}
