import type { WidgetChunkContext } from "../../shared/widget-chunk-contract.ts";
import { isRightToLeft } from "../../shared/widget-language.ts";
import type { CaptureAnswer, CaptureFormData, ScreenshotData } from "../common/capture-data.ts";
import { CaptureEditor } from "./capture-editor.tsx";
import { mountEditorLayer } from "./capture-editor-layer.ts";
import { captureImage, thumbnail } from "./capture-image.ts";
import { takeScreenshot, warn } from "./capture-screenshot.ts";
import { captureAnswer, type StoredCapture } from "./capture-store.ts";
import { captureTexts } from "./capture-texts.ts";
import type { CaptureType, Shape } from "./drawing/editor-state.ts";
import { lockPage } from "./page-lock.ts";
import {
  browserRecorderDeps,
  createScreenRecorder,
  type RecorderEvents,
} from "./recording/screen-recorder.ts";
import { uploadForSession } from "./recording/upload.ts";
import { takePageSnapshot } from "./snapshot/page-snapshot.ts";

/**
 * The capture surface: opens the editor (`startScreenCapture`), keeps the finished capture for the
 * report (`captureData`) and forgets it (`clearCapture`, the frame's `cleanup-drawings`, a new flow).
 *
 * While the editor is open the widget is hidden (`host.command("hide")`) and so is the launcher; it
 * comes back afterwards (`open`), on Next and on dismiss alike, as in the reference. On Next the
 * frame's capture field hears of it through the messenger: `set-form-data {formKey: "capture",
 * data: {value, dirty: true}}`, sent once the widget is open (the frame may only be starting, after
 * Ctrl+U), and again with a preview once the picture is ready.
 */

export interface CaptureSurface {
  start(type: unknown, options?: unknown): void;
  captureData(): Promise<CaptureAnswer>;
  /** The page as it is now, without the widget and without a picture: a silent crash report's. */
  pageSnapshot(): Promise<ScreenshotData>;
  clear(): void;
  editorOpen(): boolean;
  destroy(): void;
}

/** How long the editor waits for the widget to open before it gives up telling the frame. */
const openWaitMs = 20_000;

export interface CaptureSurfaceDeps {
  window?: Window;
  /** The picture of the capture (snapdom); tests replace it. */
  captureImage?: typeof captureImage;
  thumbnail?: typeof thumbnail;
}

export function createCaptureSurface(
  context: WidgetChunkContext,
  deps: CaptureSurfaceDeps = {},
): CaptureSurface {
  const { root, host, events, nonce } = context;
  const win = deps.window ?? window;
  const makeImage = deps.captureImage ?? captureImage;
  const makeThumbnail = deps.thumbnail ?? thumbnail;
  let editor: { close(): void } | null = null;
  let stored: StoredCapture | null = null;
  let nextId = 0;
  /** A capture made before its flow started (Ctrl+U): the flow's start must not clear it. */
  let awaitingFlowStart = false;
  let formDataQueue: Promise<void> = Promise.resolve();
  let destroyed = false;

  const isOurs = (element: Element) => element === root.host || element.id === "gleap-widget-root";

  /** Tells the frame's capture field, once the widget is open again (and so the frame is ready). */
  function sendFormData(data: CaptureFormData) {
    formDataQueue = formDataQueue.then(async () => {
      const started = Date.now();
      while (!host.isOpened() && !destroyed && Date.now() - started < openWaitMs)
        await new Promise((resolve) => setTimeout(resolve, 100));
      if (destroyed || !host.isOpened()) return;
      host.command("setFormData", ["capture", data]);
    });
  }

  function store(capture: Omit<StoredCapture, "id">, autostart: boolean): number {
    const id = ++nextId;
    stored = { id, ...capture };
    // A failed snapshot is answered by captureData; it must not surface as an unhandled rejection.
    capture.screenshot?.catch(() => undefined);
    awaitingFlowStart = autostart;
    return id;
  }

  function start(typeArgument: unknown, options?: unknown) {
    if (editor || destroyed) return;
    const type: CaptureType = typeArgument === "capture" ? "capture" : "screenshot";
    const autostart = (options as { autostart?: unknown } | undefined)?.autostart === true;
    const config = host.flowConfig();

    host.command("hide");
    host.command("showFeedbackButton", [false]);
    const lock = lockPage(win, { scroll: type === "screenshot" });
    // The picture's renderer loads while the visitor draws, so Next does not wait for it.
    if (type === "screenshot" && !deps.captureImage) import("@zumer/snapdom").catch(() => undefined);

    const layer = mountEditorLayer(win, root, config, nonce);

    let closed = false;
    const close = () => {
      if (closed) return;
      closed = true;
      layer.remove();
      lock.release();
      editor = null;
      host.command("showFeedbackButton", [host.options().showFeedbackButton !== false]);
    };
    const reopen = () => {
      if (!destroyed) host.command("open");
    };

    const onScreenshot = (shapes: Shape[]) => {
      // The copy of the page is taken now, while it shows what the visitor drew on.
      const { screenshot, image } = takeScreenshot({
        window: win,
        exclude: isOurs,
        position: lock.position,
        shapes,
        makeImage,
      });
      const id = store({ type: "screenshot", screenshot, screenRecordingUrl: null }, autostart);
      close();
      reopen();
      sendFormData({ value: "screenshot", dirty: true });
      image
        .then((url) => makeThumbnail(url, win.document))
        .then((preview) => {
          if (stored?.id === id) sendFormData({ value: "screenshot", dirty: true, preview });
        })
        .catch(() => undefined);
    };

    const onRecording = (fileUrl: string) => {
      store({ type: "capture", screenshot: null, screenRecordingUrl: fileUrl }, autostart);
      close();
      reopen();
      sendFormData({ value: "capture", dirty: true, preview: fileUrl });
    };

    const upload = (file: File, onProgress: (fraction: number) => void) =>
      uploadForSession(host, file, onProgress);

    const createRecorder = (recorderEvents: RecorderEvents) =>
      createScreenRecorder(browserRecorderDeps(win), recorderEvents);

    layer.reactRoot.render(
      <CaptureEditor
        type={type}
        texts={captureTexts(host.language(), config)}
        rtl={isRightToLeft(host.language(), config)}
        createRecorder={type === "capture" ? createRecorder : undefined}
        upload={upload}
        onDismiss={() => {
          close();
          reopen();
        }}
        onScreenshot={onScreenshot}
        onRecording={onRecording}
      />,
    );
    editor = { close };
  }

  function clear() {
    stored = null;
    awaitingFlowStart = false;
    editor?.close();
  }

  const unsubscribe = [
    // Spec §4: starting a flow clears what an earlier flow captured; a capture made for this flow
    // before it started (Ctrl+U) stays.
    events.on("flow-started", () => {
      if (awaitingFlowStart) awaitingFlowStart = false;
      else if (!editor) stored = null;
    }),
  ];

  return {
    start,
    captureData: () => captureAnswer(stored),
    pageSnapshot: () => takePageSnapshot({ window: win, exclude: isOurs, warn }),
    clear,
    editorOpen: () => editor !== null,
    destroy() {
      destroyed = true;
      for (const off of unsubscribe) off();
      editor?.close();
      stored = null;
    },
  };
}
