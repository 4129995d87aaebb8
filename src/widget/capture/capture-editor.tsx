import {
  type PointerEvent as ReactPointerEvent,
  useCallback,
  useEffect,
  useReducer,
  useRef,
  useState,
} from "react";
import { Icon, type IconName } from "./capture-icons.tsx";
import type { CaptureTexts } from "./capture-texts.ts";
import {
  type CaptureType,
  canUndo,
  drawingColors,
  drawingEnabled,
  editorReducer,
  formatCountdown,
  initialEditorState,
  keyCommand,
  type Shape,
  type Tool,
} from "./drawing/editor-state.ts";
import { shapeAttributes } from "./drawing/svg-markup.ts";
import { type RecorderEvents, recordingLimits, type ScreenRecorder } from "./recording/screen-recorder.ts";

/**
 * The capture editor overlay (spec §2): the drawing layer over the page, the toolbar (drag handle,
 * recording and microphone toggles with the countdown, pointer, rectangle, pen, blur, colour picker,
 * undo, Next in screenshot mode), the dismiss control, and for recordings the preview with Retry and
 * Next. Its rules are the reducer's (drawing/editor-state.ts); this renders them and wires the
 * pointer, the keys and the recorder.
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

interface ToolButtonProps {
  icon: IconName;
  label: string;
  pressed?: boolean;
  disabled?: boolean;
  onClick(): void;
  testId?: string;
}

function ToolButton({ icon, label, pressed, disabled, onClick, testId }: ToolButtonProps) {
  return (
    <button
      type="button"
      className="gl-capture-tool"
      aria-label={label}
      data-tip={label}
      aria-pressed={pressed === undefined ? undefined : pressed}
      disabled={disabled}
      onClick={onClick}
      data-testid={testId}
    >
      <Icon name={icon} />
    </button>
  );
}

function ShapeView({ shape }: { shape: Shape }) {
  const attributes = shapeAttributes(shape);
  const props = {
    fill: attributes.fill,
    stroke: attributes.stroke,
    strokeWidth: attributes["stroke-width"],
    strokeLinecap: "round" as const,
    strokeLinejoin: "round" as const,
  };
  return shape.kind === "rect" ? (
    <rect {...props} x={shape.x} y={shape.y} width={shape.w} height={shape.h} data-shape="rect" />
  ) : (
    <path {...props} d={shape.stroke.d} data-shape={shape.tool} />
  );
}

/** Where a pointer is, in viewport coordinates (the drawing layer covers the viewport). */
const pointOf = (event: ReactPointerEvent) => ({ x: event.clientX, y: event.clientY });

export function CaptureEditor(props: CaptureEditorProps) {
  const { type, texts, rtl } = props;
  const recorderRef = useRef<ScreenRecorder | null>(null);
  const [state, dispatch] = useReducer(editorReducer, undefined, () => initialEditorState(type, true));
  const stateRef = useRef(state);
  stateRef.current = state;
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  const [preview, setPreview] = useState<{ file: File; url: string } | null>(null);
  const [recorderAvailable, setRecorderAvailable] = useState(true);
  const rootRef = useRef<HTMLDivElement>(null);

  // Capture mode: the recorder lives as long as the editor.
  useEffect(() => {
    if (type !== "capture" || !props.createRecorder) return;
    const recorder = props.createRecorder({
      onStatus(status) {
        dispatch({ type: "recording", phase: status.phase });
        dispatch({ type: "tick", elapsed: status.elapsed });
        dispatch({ type: "audioAvailable", available: status.audioAvailable });
      },
      onFile(file, url) {
        setPreview({ file, url });
      },
      onDenied() {
        dispatch({ type: "notice", notice: "accessToScreenSharingDenied" });
      },
    });
    recorderRef.current = recorder;
    setRecorderAvailable(recorder.available);
    return () => {
      recorder.destroy();
      recorderRef.current = null;
    };
  }, [type, props.createRecorder]);

  const next = useCallback(() => {
    if (stateRef.current.finishing || stateRef.current.type !== "screenshot") return;
    dispatch({ type: "finishing", finishing: true });
  }, []);

  // Next in screenshot mode: the spinner shows first, then the caller takes the snapshot.
  useEffect(() => {
    if (!state.finishing || type !== "screenshot") return;
    const timer = setTimeout(() => props.onScreenshot(stateRef.current.shapes), 30);
    return () => clearTimeout(timer);
  }, [state.finishing, type, props.onScreenshot]);

  // Keys (spec §2): Escape dismisses, Enter proceeds in screenshot mode, Ctrl+Z undoes.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.composedPath?.()[0] as HTMLElement | undefined;
      const command = keyCommand(stateRef.current, event);
      if (!command) return;
      // Enter on one of the editor's own buttons presses that button.
      if (command === "next" && target?.tagName === "BUTTON" && !target.classList.contains("gl-capture-next"))
        return;
      event.preventDefault();
      event.stopPropagation();
      if (command === "dismiss") props.onDismiss();
      else if (command === "next") next();
      else if (command === "undo") dispatch({ type: "undo" });
      else dispatch({ type: "closePicker" });
    };
    document.addEventListener("keydown", onKey, true);
    return () => document.removeEventListener("keydown", onKey, true);
  }, [props.onDismiss, next]);

  useEffect(() => {
    rootRef.current?.focus({ preventScroll: true });
  }, []);

  // The toolbar's drag handle.
  const drag = useRef<{ id: number; startX: number; startY: number; from: { x: number; y: number } } | null>(
    null,
  );
  const onDragStart = (event: ReactPointerEvent<HTMLButtonElement>) => {
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = { id: event.pointerId, startX: event.clientX, startY: event.clientY, from: offset };
  };
  const onDragMove = (event: ReactPointerEvent<HTMLButtonElement>) => {
    const current = drag.current;
    if (!current || current.id !== event.pointerId) return;
    const maxX = window.innerWidth / 2 - 40;
    const clamp = (value: number, min: number, max: number) => Math.max(min, Math.min(max, value));
    setOffset({
      x: clamp(current.from.x + event.clientX - current.startX, -maxX, maxX),
      y: clamp(current.from.y + event.clientY - current.startY, -10, window.innerHeight - 80),
    });
  };
  const onDragEnd = () => {
    drag.current = null;
  };

  // Drawing.
  const onCanvasDown = (event: ReactPointerEvent<SVGSVGElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    dispatch({ type: "pointerDown", point: pointOf(event) });
  };
  const onCanvasMove = (event: ReactPointerEvent<SVGSVGElement>) => {
    if (!stateRef.current.active) return;
    event.preventDefault();
    dispatch({ type: "pointerMove", point: pointOf(event) });
  };
  const onCanvasUp = () => dispatch({ type: "pointerUp" });

  const enabled = drawingEnabled(state);
  const recording = state.recording === "recording";
  const uploading = state.recording === "uploading";

  const toggleRecording = () => {
    const recorder = recorderRef.current;
    if (!recorder) return;
    dispatch({ type: "notice", notice: null });
    if (recording) recorder.stop();
    else void recorder.start({ muted: state.muted });
  };
  const toggleMute = () => {
    const muted = !state.muted;
    dispatch({ type: "muted", muted });
    recorderRef.current?.setMuted(muted);
  };
  const retry = () => {
    recorderRef.current?.clear();
    setPreview(null);
    dispatch({ type: "retry" });
  };
  const sendRecording = async () => {
    if (!preview || uploading) return;
    dispatch({ type: "notice", notice: null });
    dispatch({ type: "upload", progress: 0 });
    dispatch({ type: "recording", phase: "uploading" });
    try {
      const url = await props.upload(preview.file, (fraction) =>
        dispatch({ type: "upload", progress: fraction }),
      );
      props.onRecording(url);
    } catch {
      dispatch({ type: "recording", phase: "stopped" });
      dispatch({ type: "notice", notice: "uploadFailed" });
    }
  };

  const micAvailable = recorderAvailable && state.audioAvailable;
  const tool = (name: Tool, icon: IconName, label: string) => (
    <ToolButton
      icon={icon}
      label={label}
      pressed={state.tool === name}
      disabled={!enabled}
      onClick={() => dispatch({ type: "tool", tool: name })}
      testId={`capture-tool-${name}`}
    />
  );
  const showHint =
    !state.notice &&
    !state.pickerOpen &&
    ((type === "screenshot" && state.shapes.length === 0 && !state.finishing) ||
      (type === "capture" && state.recording === "idle"));

  return (
    <div
      ref={rootRef}
      className={`gl-capture${state.active ? " gl-capture--drawing" : ""}`}
      dir={rtl ? "rtl" : "ltr"}
      data-type={type}
      data-tool={state.tool}
      data-recording={state.recording}
      data-drawing-enabled={String(enabled)}
      data-testid="capture-editor"
      tabIndex={-1}
      role="dialog"
      aria-modal="true"
      aria-label={texts.toolbar}
    >
      <div className="gl-capture-frame" />
      <svg
        className="gl-capture-canvas"
        data-testid="capture-canvas"
        xmlns="http://www.w3.org/2000/svg"
        onPointerDown={onCanvasDown}
        onPointerMove={onCanvasMove}
        onPointerUp={onCanvasUp}
        onPointerCancel={onCanvasUp}
        aria-hidden="true"
      >
        {state.shapes.map((shape, index) => (
          // Shapes are only ever appended or removed from the end: the index is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <ShapeView key={index} shape={shape} />
        ))}
        {state.active && <ShapeView shape={state.active} />}
      </svg>
      {!recording && !preview && (
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
        <div
          className="gl-capture-dock"
          style={{ transform: `translate(calc(-50% + ${offset.x}px), ${offset.y}px)` }}
        >
          <div
            className="gl-capture-toolbar"
            role="toolbar"
            aria-label={texts.toolbar}
            data-testid="capture-toolbar"
          >
            <button
              type="button"
              className="gl-capture-tool gl-capture-tool--drag"
              aria-label={texts.moveToolbar}
              title={texts.moveToolbar}
              onPointerDown={onDragStart}
              onPointerMove={onDragMove}
              onPointerUp={onDragEnd}
              onPointerCancel={onDragEnd}
              data-testid="capture-drag"
            >
              <Icon name="drag" size={18} />
            </button>
            {type === "capture" && (
              <>
                <ToolButton
                  icon={recording ? "stop" : "record"}
                  label={
                    !recorderAvailable
                      ? texts.browserNotSupported
                      : recording
                        ? texts.stopRecording
                        : texts.startRecording
                  }
                  pressed={recording}
                  disabled={!recorderAvailable || state.recording === "starting"}
                  onClick={toggleRecording}
                  testId="capture-record"
                />
                <ToolButton
                  icon={state.muted || !micAvailable ? "micOff" : "mic"}
                  label={!micAvailable ? texts.browserNotSupported : state.muted ? texts.unmute : texts.mute}
                  pressed={!state.muted && micAvailable}
                  disabled={!micAvailable}
                  onClick={toggleMute}
                  testId="capture-mic"
                />
                <span
                  className="gl-capture-timer"
                  role="timer"
                  aria-label={texts.timeLeft}
                  data-testid="capture-timer"
                >
                  {formatCountdown(recordingLimits.maxSeconds - state.elapsed)}
                </span>
                <span className="gl-capture-divider" />
                {tool("pointer", "pointer", texts.pointer)}
              </>
            )}
            {tool("rect", "rect", texts.rectangle)}
            {tool("pen", "pen", texts.pen)}
            {tool("blur", "blur", texts.blur)}
            <button
              type="button"
              className="gl-capture-tool"
              aria-label={texts.pickAColor}
              data-tip={texts.pickAColor}
              aria-expanded={state.pickerOpen}
              disabled={!enabled}
              onClick={() => dispatch({ type: "togglePicker" })}
              data-testid="capture-color"
            >
              <span className="gl-capture-swatch" style={{ background: state.color }} />
            </button>
            <ToolButton
              icon="undo"
              label={texts.undo}
              disabled={!canUndo(state)}
              onClick={() => dispatch({ type: "undo" })}
              testId="capture-undo"
            />
            {type === "screenshot" && (
              <button
                type="button"
                className="gl-capture-next"
                onClick={next}
                disabled={state.finishing}
                data-testid="capture-next"
              >
                {state.finishing && <span className="gl-capture-spinner" aria-hidden="true" />}
                {state.finishing ? texts.finishing : texts.next}
              </button>
            )}
          </div>
          {state.pickerOpen && (
            <fieldset
              className="gl-capture-colors"
              aria-label={texts.pickAColor}
              data-testid="capture-colors"
            >
              {drawingColors.map((color) => (
                <button
                  key={color}
                  type="button"
                  className="gl-capture-color"
                  style={{ background: color }}
                  aria-label={color}
                  aria-pressed={state.color === color}
                  onClick={() => dispatch({ type: "color", color })}
                />
              ))}
            </fieldset>
          )}
          {state.notice && state.notice !== "uploadFailed" && (
            <div className="gl-capture-notice" role="alert" data-testid="capture-notice">
              <span>{texts[state.notice]}</span>
              <button
                type="button"
                aria-label={texts.dismiss}
                onClick={() => dispatch({ type: "notice", notice: null })}
              >
                <Icon name="close" size={16} />
              </button>
            </div>
          )}
          {showHint && (
            <div className="gl-capture-hint" aria-live="polite">
              {type === "screenshot"
                ? texts.drawHint
                : recorderAvailable
                  ? texts.recordHint
                  : texts.browserNotSupported}
            </div>
          )}
        </div>
      )}
      {preview && (
        <div className="gl-capture-preview" data-testid="capture-preview">
          <div className="gl-capture-preview-card">
            <p className="gl-capture-preview-title">{texts.recordingPreview}</p>
            <video src={preview.url} controls muted autoPlay playsInline data-testid="capture-video" />
            {uploading && (
              <div
                className="gl-capture-progress"
                role="progressbar"
                aria-label={texts.uploading}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.round(state.uploadProgress * 100)}
                data-testid="capture-progress"
              >
                <div style={{ width: `${Math.round(state.uploadProgress * 100)}%` }} />
              </div>
            )}
            <div className="gl-capture-preview-actions">
              <button
                type="button"
                className="gl-capture-button gl-capture-button--secondary"
                onClick={retry}
                disabled={uploading}
                data-testid="capture-retry"
              >
                {texts.retry}
              </button>
              <span
                className="gl-capture-preview-status"
                role={state.notice === "uploadFailed" ? "alert" : "status"}
                data-error={String(state.notice === "uploadFailed")}
              >
                {state.notice === "uploadFailed" ? texts.uploadFailed : uploading ? texts.uploading : ""}
              </span>
              <button
                type="button"
                className="gl-capture-button gl-capture-button--primary"
                onClick={sendRecording}
                disabled={uploading}
                data-testid="capture-send"
              >
                {texts.next}
              </button>
            </div>
          </div>
        </div>
      )}
    </div>
  );
}
