import { useCallback, useEffect, useReducer, useRef } from "react";
import { Icon } from "./capture-icons.tsx";
import type { CaptureTexts } from "./capture-texts.ts";
import {
  type CaptureType,
  drawingEnabled,
  type EditorAction,
  type EditorState,
  editorReducer,
  initialEditorState,
  pageReachable,
  type Shape,
} from "./drawing/editor-state.ts";
import { CaptureDock } from "./editor/capture-dock.tsx";
import { DrawingLayer } from "./editor/drawing-layer.tsx";
import { useEditorKeys } from "./editor/editor-keys.ts";
import { RecordingPreview } from "./editor/recording-preview.tsx";
import { useToolbarDrag } from "./editor/toolbar-drag.ts";
import { useRecording } from "./editor/use-recording.ts";
import type { RecorderEvents, ScreenRecorder } from "./recording/screen-recorder.ts";

/**
 * The capture editor overlay (spec §2): the drawing layer over the page, the toolbar (drag handle,
 * recording and microphone toggles with the countdown, pointer, rectangle, pen, blur, colour picker,
 * undo, Next in screenshot mode), the dismiss control, and for recordings the preview with Retry and
 * Next. Its rules are the reducer's (drawing/editor-state.ts); this renders them and wires the
 * pointer, the keys and the recorder (the pieces are in editor/).
 */
export interface CaptureEditorProps {
  type: CaptureType;
  texts: CaptureTexts;
  rtl: boolean;
  /** Capture mode: the recorder, built with the editor's events. */
  createRecorder?: (events: RecorderEvents) => ScreenRecorder;
  /** Capture mode: uploads the recording, reporting progress; answers its URL. */
  upload(file: File, onProgress: (fraction: number) => void): Promise<string>;
  onDismiss(): void;
  /** Screenshot mode, Next: the drawings (the snapshot is taken by the caller, before it closes the editor). */
  onScreenshot(shapes: Shape[]): void;
  /** Capture mode, Next: the uploaded recording. */
  onRecording(fileUrl: string): void;
}

/**
 * Next in screenshot mode: the spinner shows first, then the caller takes the snapshot with the
 * drawings. Answers the `next` the dock's button and the keyboard call.
 */
function useScreenshotNext(
  { type, finishing }: { type: CaptureEditorProps["type"]; finishing: boolean },
  stateRef: { current: EditorState },
  dispatch: (action: EditorAction) => void,
  onScreenshot: (shapes: Shape[]) => void,
): () => void {
  const next = useCallback(() => {
    if (stateRef.current.finishing || stateRef.current.type !== "screenshot") return;
    dispatch({ type: "finishing", finishing: true });
  }, [stateRef, dispatch]);
  useEffect(() => {
    if (!finishing || type !== "screenshot") return;
    const timer = setTimeout(() => onScreenshot(stateRef.current.shapes), 30);
    return () => clearTimeout(timer);
  }, [finishing, type, onScreenshot, stateRef]);
  return next;
}

export function CaptureEditor(props: CaptureEditorProps) {
  const { type, texts, rtl } = props;
  const [state, dispatch] = useReducer(editorReducer, undefined, () => initialEditorState(type, true));
  const stateRef = useRef(state);
  stateRef.current = state;
  const drag = useToolbarDrag();
  const rootRef = useRef<HTMLDivElement>(null);
  const recording = useRecording(props, state, dispatch);

  const next = useScreenshotNext(
    { type, finishing: state.finishing },
    stateRef,
    dispatch,
    props.onScreenshot,
  );

  useEditorKeys(stateRef, dispatch, props.onDismiss, next);

  useEffect(() => {
    rootRef.current?.focus({ preventScroll: true });
  }, []);

  const { preview } = recording;
  const reachable = pageReachable(state);
  return (
    <div
      ref={rootRef}
      className={`gl-capture${state.active ? " gl-capture--drawing" : ""}`}
      dir={rtl ? "rtl" : "ltr"}
      data-type={type}
      data-tool={state.tool}
      data-recording={state.recording}
      data-drawing-enabled={String(drawingEnabled(state))}
      data-page-reachable={String(reachable)}
      data-testid="capture-editor"
      tabIndex={-1}
      role="dialog"
      aria-modal={!reachable}
      aria-label={texts.toolbar}
    >
      <div className="gl-capture-frame" />
      <DrawingLayer state={state} stateRef={stateRef} dispatch={dispatch} />
      {state.recording !== "recording" && !preview && (
        <button
          type="button"
          className="gl-capture-dismiss"
          aria-label={texts.dismiss}
          title={texts.dismiss}
          onClick={props.onDismiss}
          data-testid="capture-dismiss"
        >
          <Icon name="close" size={20} />
        </button>
      )}
      {!preview && (
        <CaptureDock
          type={type}
          texts={texts}
          state={state}
          dispatch={dispatch}
          drag={drag}
          recording={recording}
          next={next}
        />
      )}
      {preview && (
        <RecordingPreview
          url={preview.url}
          state={state}
          texts={texts}
          onRetry={recording.retry}
          onSend={recording.send}
        />
      )}
    </div>
  );
}
