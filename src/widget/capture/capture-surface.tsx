import { createRoot } from "react-dom/client";
import type { WidgetChunkContext } from "../../shared/widget-chunk-contract.ts";
import { projectIsRightToLeft } from "../../shared/widget-language.ts";
import type { CaptureAnswer, CaptureFormData, ScreenshotData } from "../common/capture-data.ts";
import { CaptureEditor } from "./capture-editor.tsx";
import { captureImage, thumbnail } from "./capture-image.ts";
import { captureStyles } from "./capture-styles.ts";
import { captureTexts } from "./capture-texts.ts";
import type { CaptureType, Shape } from "./drawing/editor-state.ts";
import { drawingMarkup } from "./drawing/svg-markup.ts";
import { lockPage } from "./page-lock.ts";
import {
  browserRecorderDeps,
  createScreenRecorder,
  type RecorderEvents,
} from "./recording/screen-recorder.ts";
import { uploadFile } from "./recording/upload.ts";
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
  clear(): void;
  editorOpen(): boolean;
  destroy(): void;
}

interface StoredCapture {
  id: number;
  type: CaptureType;
  screenshot: Promise<ScreenshotData & { image?: string }> | null;
  screenRecordingUrl: string | null;
}

/** How long the picture may take before the report goes without it. */
const imageTimeoutMs = 10_000;
/** How long the editor waits for the widget to open before it gives up telling the frame. */
const openWaitMs = 20_000;

const warn = (message: string, error?: unknown) => console.warn(`Gleap: ${message}`, error ?? "");

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

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

    const style = win.document.createElement("style");
    if (nonce) style.nonce = nonce;
    style.textContent = captureStyles(config);
    const container = win.document.createElement("div");
    container.dataset.gleapSurface = "capture";
    root.append(style, container);
    const reactRoot = createRoot(container);

    let closed = false;
    const close = () => {
      if (closed) return;
      closed = true;
      reactRoot.unmount();
      container.remove();
      style.remove();
      lock.release();
      editor = null;
      host.command("showFeedbackButton", [host.options().showFeedbackButton !== false]);
    };
    const reopen = () => {
      if (!destroyed) host.command("open");
    };

    const onScreenshot = (shapes: Shape[]) => {
      const { x, y } = lock.position;
      const width = win.innerWidth;
      const height = win.innerHeight;
      const svg = shapes.length > 0 ? drawingMarkup(shapes, width, height) : null;
      // The copy of the page is taken now, while it shows what the visitor drew on.
      const html = takePageSnapshot({
        window: win,
        exclude: isOurs,
        drawing: svg ? { svg, x, y, width, height } : null,
        warn,
      });
      const image = makeImage({
        window: win,
        exclude: isOurs,
        region: { x, y, width, height },
        drawingSvg: svg,
      });
      image.catch(() => undefined);
      const screenshot = (async () => {
        const data = await html;
        try {
          return { ...data, image: await withTimeout(image, imageTimeoutMs) };
        } catch (error) {
          warn("the capture's picture could not be made; the report goes without it", error);
          return data;
        }
      })();
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

    const upload = (file: File, onProgress: (fraction: number) => void) => {
      const session = host.session();
      if (!session) return Promise.reject(new Error("no session"));
      return uploadFile(file, {
        url: `${host.apiUrl().replace(/\/+$/, "")}/uploads/sdk`,
        headers: { "Api-Token": host.sdkKey, "Gleap-Id": session.gleapId, "Gleap-Hash": session.gleapHash },
        onProgress,
      });
    };

    const createRecorder = (recorderEvents: RecorderEvents) =>
      createScreenRecorder(browserRecorderDeps(win), recorderEvents);

    reactRoot.render(
      <CaptureEditor
        type={type}
        texts={captureTexts(host.language(), config)}
        rtl={projectIsRightToLeft(config)}
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

  async function captureData(): Promise<CaptureAnswer> {
    const current = stored;
    if (!current) return null;
    let screenshotData: (ScreenshotData & { image?: string }) | undefined;
    if (current.screenshot) {
      try {
        screenshotData = await current.screenshot;
      } catch (error) {
        return { ok: false, error: error instanceof Error ? error.message : String(error) };
      }
    }
    return {
      ok: true,
      type: current.type,
      ...(screenshotData ? { screenshotData } : {}),
      ...(current.screenRecordingUrl ? { screenRecordingUrl: current.screenRecordingUrl } : {}),
    };
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
    captureData,
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
