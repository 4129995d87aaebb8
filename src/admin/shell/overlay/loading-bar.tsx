import type { CSSProperties } from "react";
import { useSnapshot } from "valtio";
import { loadingBarState, loadingBarTiming } from "./loading-bar-store.ts";

/** The 3 px top loading bar; width creeps over the spec's 2 s, jumps to full on finish. */
export function LoadingBar() {
  const bar = useSnapshot(loadingBarState);
  const style = {
    transform: `scaleX(${bar.progress / 100})`,
    opacity: bar.visible ? 1 : 0,
    "--loading-duration": `${bar.progress === 100 ? 200 : loadingBarTiming.durationMs}ms`,
  } as CSSProperties;
  return (
    <div
      className={`loading-bar${bar.error ? " loading-bar-error" : ""}`}
      style={style}
      data-testid="loading-bar"
      aria-hidden="true"
    />
  );
}
