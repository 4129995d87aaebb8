import { frameSource } from "../src/shared/frame-source.ts";
import { buildMessengerFrameBox } from "../src/shared/messenger-frame-box.ts";
import type {
  StartedFrame,
  SurfaceCommand,
  WidgetChunkName,
  WidgetHost,
} from "../src/shared/widget-chunk-contract.ts";

/** Messenger commands that leave the panel closed: they load the chunk, but no frame is started for them. */
const closedCommands = new Set<SurfaceCommand<"messenger">>([
  "hide",
  "close",
  "preFillForm",
  "setFormData",
  "sessionCleared",
]);

/** More than the frame's page says before its app listens (one `ping`): the rest is not kept. */
const maxKeptMessages = 20;

/** A frame started and not yet adopted, per widget root: a chunk that failed to load leaves it for the next try. */
const waiting = new WeakMap<ShadowRoot, StartedFrame>();

/**
 * The messenger's first open starts its frame at once, before the messenger's chunk has arrived: the
 * frame's page, its files and its app's start then overlap the chunk's fetch and evaluation instead of
 * following them (bench/messenger-interactive.ts). The box is hidden until the chunk adopts it
 * (`hidden`, as the messenger's stylesheet is not on the page yet). The frame's page says `ping` as it
 * parses (src/shared/frame-inbox.ts), possibly before the chunk listens: what the frame's window posts
 * meanwhile is kept for the chunk, which checks it as it checks every message (frame-channel.ts).
 * Other surfaces and the commands that open nothing start no frame (undefined). A frame whose chunk
 * never came is started once: the next open is given the same one, still loading or loaded. A
 * `destroy` takes it off the page with the widget's root; it stops listening then.
 */
export function startSurfaceFrame(
  surface: WidgetChunkName,
  command: string | undefined,
  root: () => ShadowRoot,
  host: Pick<WidgetHost, "frameUrls" | "sdkKey">,
  window: Window,
): StartedFrame | undefined {
  if (surface !== "messenger") return undefined;
  const widgetRoot = root();
  // One started already (a pointer on the launcher): whatever the command, the chunk gets that one.
  const earlier = waiting.get(widgetRoot);
  if (earlier) return earlier;
  if (!command || closedCommands.has(command as SurfaceCommand<"messenger">)) return undefined;
  const url = host.frameUrls().messenger;
  const box = buildMessengerFrameBox(window.document, frameSource(url, host.sdkKey));
  box.element.hidden = true;
  widgetRoot.append(box.element);
  let kept: MessageEvent[] | null = [];
  const keep = (event: MessageEvent) => {
    if (!box.element.isConnected) stop();
    else if (kept && kept.length < maxKeptMessages && event.source === box.iframe.contentWindow)
      kept.push(event);
  };
  window.addEventListener("message", keep);
  const stop = () => {
    window.removeEventListener("message", keep);
    waiting.delete(widgetRoot);
    const taken = kept ?? [];
    kept = null;
    return taken;
  };
  const started: StartedFrame = {
    ...box,
    url,
    takeMessages: stop,
    remove() {
      stop();
      box.element.remove();
    },
  };
  waiting.set(widgetRoot, started);
  return started;
}
