import { Replayer } from "rrweb";
import rrwebCss from "rrweb/dist/style.css" with { type: "text" };

/**
 * rrweb's replayer, in its own chunk: the detail screen imports this only when a report has a web
 * replay, so neither the list nor a report without one pays for it (~60 KB brotli).
 *
 * `root` is the body of a capture frame (capture-frame.ts), and rrweb makes its own frame inside it with
 * `sandbox="allow-same-origin"` (no scripts; the default, not `UNSAFE_replayCanvas`). That frame inherits
 * the capture frame's policy, not the admin page's: the page's `<style>` elements and `style`
 * attributes, and rrweb's own rules, apply as they are, and the console stays quiet.
 *
 * The events come with external addresses replaced and without handlers or script addresses
 * (replay-resources.ts); rrweb's frame also gets `framePolicy` as a `<meta>` policy before rrweb builds
 * the first page into it. Chromium keeps a policy a document once had after rrweb's `document.open()`
 * empties it (e2e/admin-report-privacy.e2e.ts counts the requests), so it binds every page the replay
 * builds there.
 */

export interface ReplayHandle {
  /** Epoch milliseconds of the first event, and the replay's length. */
  start: number;
  duration: number;
  width: number;
  height: number;
  play(): void;
  pause(): void;
  seek(offset: number): void;
  /** 1, 2, 4 or 8 times as fast; rrweb keeps the position. */
  setSpeed(speed: number): void;
  /** Fast-forwards through stretches without input (rrweb's own rule: 10 s at the chosen speed). */
  setSkipInactive(skip: boolean): void;
  destroy(): void;
}

/**
 * rrweb's replayer in `root`, with its cursor and wrapper rules (`styles`, to remove with it) and a
 * page that fills the capture frame; its frame gets `framePolicy` before rrweb builds the first page.
 */
function mountReplayer(
  root: HTMLElement,
  events: Array<{ type: number; timestamp: number }>,
  framePolicy: string,
) {
  const shell = root.ownerDocument;
  const styles = shell.createElement("style");
  styles.textContent = `${rrwebCss}\nhtml,body{margin:0;overflow:hidden;background:#fff}.replayer-wrapper iframe{border:0;background:#fff}`;
  shell.head.append(styles);
  const replayer = new Replayer(events as never, {
    root,
    mouseTail: false,
    showWarning: false,
    triggerFocus: false,
    skipInactive: false,
    speed: 1,
  });
  // rrweb makes its frame in the constructor and builds the first page a task later.
  const frameDoc = replayer.iframe.contentDocument;
  if (frameDoc) {
    const policy = frameDoc.createElement("meta");
    policy.httpEquiv = "Content-Security-Policy";
    policy.content = framePolicy;
    (frameDoc.head ?? frameDoc.documentElement).prepend(policy);
  }
  return { replayer, styles };
}

/** The page's size as recorded (rrweb's meta event), else a common laptop's. */
function recordedSize(events: Array<{ type: number }>): { width: number; height: number } {
  const metaEvent = events.find((event) => event.type === 4) as
    | { data?: { width?: number; height?: number } }
    | undefined;
  return { width: metaEvent?.data?.width ?? 1280, height: metaEvent?.data?.height ?? 800 };
}

export function startReplay(
  root: HTMLElement,
  events: Array<{ type: number; timestamp: number }>,
  framePolicy: string,
  listeners: {
    onTime(offset: number): void;
    onPlaying(playing: boolean): void;
    onSize(width: number, height: number): void;
  },
): ReplayHandle {
  const { replayer, styles } = mountReplayer(root, events, framePolicy);
  const meta = replayer.getMetaData();
  replayer.on("resize", (dimension) => {
    const { width, height } = dimension as { width: number; height: number };
    listeners.onSize(width, height);
  });

  let frame = 0;
  const tick = () => {
    listeners.onTime(Math.min(meta.totalTime, replayer.getCurrentTime()));
    frame = requestAnimationFrame(tick);
  };
  const stopTicking = () => {
    cancelAnimationFrame(frame);
    listeners.onTime(Math.min(meta.totalTime, replayer.getCurrentTime()));
  };
  replayer.on("finish", () => {
    stopTicking();
    listeners.onPlaying(false);
  });

  const size = recordedSize(events);
  // The first frame, paused at the start: the admin sees the page before pressing play.
  replayer.pause(0);

  return {
    start: meta.startTime,
    duration: meta.totalTime,
    width: size.width,
    height: size.height,
    play() {
      const at = replayer.getCurrentTime();
      replayer.play(at >= meta.totalTime ? 0 : at);
      listeners.onPlaying(true);
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(tick);
    },
    pause() {
      replayer.pause();
      stopTicking();
      listeners.onPlaying(false);
    },
    seek(offset) {
      const playing = replayer.service.state.matches("playing");
      if (playing) replayer.play(offset);
      else {
        replayer.pause(offset);
        listeners.onTime(offset);
      }
    },
    setSpeed(speed) {
      replayer.setConfig({ speed });
    },
    setSkipInactive(skip) {
      replayer.setConfig({ skipInactive: skip });
    },
    destroy() {
      cancelAnimationFrame(frame);
      replayer.destroy();
      styles.remove();
    },
  };
}
