import type { CSSProperties, RefObject } from "react";
import { useT } from "../i18n/intl.ts";

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

/**
 * Where the replay shows: the capture frame scaled to the column (in full screen, to the screen), as
 * tall as the scaled page, with a note while the replay loads.
 */
export function ReplayStage({
  stage,
  frameUrl,
  size,
  scale,
  fullscreen,
  loading,
  onBody,
}: {
  stage: RefObject<HTMLDivElement | null>;
  frameUrl: string;
  size: { width: number; height: number };
  scale: number;
  fullscreen: boolean;
  loading: boolean;
  onBody: (body: HTMLElement | null) => void;
}) {
  const { t } = useT();
  return (
    <div
      ref={stage}
      className="replay-stage"
      style={fullscreen ? undefined : { height: `${Math.round(size.height * scale)}px` }}
    >
      <ReplayFrame
        // Another address (external content loaded) is another frame, and a new replay in it.
        key={frameUrl}
        url={frameUrl}
        title={t("inbox.replay.frameTitle")}
        style={rootStyle(size, scale, fullscreen)}
        onBody={onBody}
      />
      {loading && (
        <p className="subtle replay-loading" role="status">
          {t("inbox.replay.loading")}
        </p>
      )}
    </div>
  );
}
