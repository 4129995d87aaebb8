import { useRef, useState } from "react";
import { useT } from "../i18n/intl.ts";
import type { SnapshotView } from "./report-detail-view.ts";
import { useFitScale } from "./use-fit-scale.ts";

/**
 * The page as the visitor saw it, with their drawings (they are part of the snapshot's HTML), cut to
 * the viewport they were looking at and scaled to the column.
 *
 * The frame loads the capture frame (capture-frame.ts: an empty page of ours whose policy lets the
 * page's inline styles apply and runs nothing) and, once that has loaded, the admin writes the page
 * into it (`document`, from snapshot-document.ts: cleaned, with the addresses the visitor chose
 * replaced unless the admin allowed them, and a policy that fetches nothing else). The frame is
 * `sandbox="allow-same-origin"` without `allow-scripts`: nothing in it runs, ever; same origin only so
 * the admin can write into it. It takes no pointer events, so a link in the page cannot navigate it.
 * Another document or address makes a new frame (the `key`), so a write never lands in a stale one.
 */
export function SnapshotViewer(props: { snapshot: SnapshotView; document: string; frameUrl: string }) {
  return <SnapshotFrame key={`${props.frameUrl} ${props.document}`} {...props} />;
}

function SnapshotFrame({
  snapshot,
  document: page,
  frameUrl,
}: {
  snapshot: SnapshotView;
  document: string;
  frameUrl: string;
}) {
  const { t } = useT();
  const stage = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const scale = useFitScale(stage, snapshot.width);
  // The capture frame's own load comes first; the written page's, when its pictures are in, second.
  const loads = useRef(0);
  const [loaded, setLoaded] = useState(false);

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
        src={frameUrl}
        tabIndex={-1}
        onLoad={() => {
          loads.current += 1;
          if (loads.current > 1 || !frame.current?.contentDocument) {
            setLoaded(true);
            return;
          }
          // A task later: a document written while its frame's load event is still being dispatched
          // never fires a load event of its own.
          setTimeout(() => {
            const doc = frame.current?.contentDocument;
            if (!doc) return;
            doc.open();
            doc.write(page);
            doc.close();
          }, 0);
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
