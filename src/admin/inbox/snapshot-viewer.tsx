import { useEffect, useRef, useState } from "react";
import { useT } from "../i18n/intl.ts";
import { bridgeInlineStyles } from "./cssom-styles.ts";
import type { SnapshotView } from "./report-detail-view.ts";
import { useFitScale } from "./use-fit-scale.ts";

/**
 * The page as the visitor saw it, with their drawings (they are part of the snapshot's HTML), cut to
 * the viewport they were looking at and scaled to the column.
 *
 * The frame is `sandbox="allow-same-origin"` without `allow-scripts`: nothing in it runs, ever; same
 * origin only so the admin can hand the page's styles to the CSSOM (cssom-styles.ts). Its `srcdoc`
 * (`srcDoc`, from snapshot-document.ts) is cleaned, has the addresses the visitor chose replaced unless
 * the admin allowed them, and carries a policy that fetches nothing else. It takes no pointer events,
 * so a link in the page cannot navigate it.
 */
export function SnapshotViewer({ snapshot, srcDoc }: { snapshot: SnapshotView; srcDoc: string }) {
  const { t } = useT();
  const stage = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const scale = useFitScale(stage, snapshot.width);
  const [loaded, setLoaded] = useState(false);

  // A new snapshot is loading again until its frame says so.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `srcDoc` is what restarts the frame.
  useEffect(() => setLoaded(false), [srcDoc]);

  return (
    <div
      ref={stage}
      className="snapshot-stage"
      style={{ height: `${Math.round(snapshot.height * scale)}px` }}
      aria-busy={!loaded}
    >
      <iframe
        ref={frame}
        title={t("inbox.snapshot.frameTitle")}
        data-testid="snapshot-frame"
        sandbox="allow-same-origin"
        referrerPolicy="no-referrer"
        srcDoc={srcDoc}
        tabIndex={-1}
        onLoad={() => {
          const doc = frame.current?.contentDocument;
          if (doc) bridgeInlineStyles(doc);
          setLoaded(true);
        }}
        style={{
          width: `${snapshot.width}px`,
          height: `${snapshot.y + snapshot.height}px`,
          transform: `scale(${scale}) translate(${-snapshot.x}px, ${-snapshot.y}px)`,
        }}
      />
    </div>
  );
}
