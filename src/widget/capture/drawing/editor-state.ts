import { extendStroke, type PenStroke, type Point, startStroke } from "./smoothing.ts";

/**
 * The capture editor's state without its views (spec §2 "Capture editor overlay", §4, §9): which tool
 * and colour, the shapes drawn, undo, the recording's phase, and what a key does. A reducer, so the
 * React view only renders it and every rule is a unit test.
 */

export type CaptureType = "screenshot" | "capture";
export type Tool = "pointer" | "rect" | "pen" | "blur";

/** Spec §3 "Drawing colours": the first is the default. */
export const drawingColors = [
  "#EB144C",
  "#FF6705",
  "#FDB903",
  "#9900EE",
  "#00D082",
  "#0A93E4",
  "#CCCCCC",
] as const;

/** Spec §9: pen 12 with alpha `AA`, rectangle 6, blur 40 black. */
export const strokes = { pen: 12, rect: 6, blur: 40, penAlpha: "AA", blurColor: "#000000" } as const;

export type Shape =
  | { kind: "rect"; color: string; width: number; x: number; y: number; w: number; h: number; start: Point }
  | { kind: "path"; tool: "pen" | "blur"; color: string; width: number; stroke: PenStroke };

/** not recording → recording → stopped (the preview) → uploading → back to stopped on a failed upload. */
export type RecordingPhase = "idle" | "starting" | "recording" | "stopped" | "uploading";

export interface EditorState {
  type: CaptureType;
  tool: Tool;
  color: string;
  pickerOpen: boolean;
  shapes: Shape[];
  /** The shape under the pointer while it is down. */
  active: Shape | null;
  recording: RecordingPhase;
  /** Whether the microphone is muted (the visitor's choice) and whether it can be used at all. */
  muted: boolean;
  audioAvailable: boolean;
  /** Whether this browser can record the screen at all. */
  recorderAvailable: boolean;
  /** Seconds recorded so far. */
  elapsed: number;
  /** 0..1 while the recording uploads. */
  uploadProgress: number;
  /** A message for the visitor (permission refused, upload failed), as a text key. */
  notice: NoticeKey | null;
  /** Next was pressed: the capture is being finished (snapshot, upload). */
  finishing: boolean;
}

export type NoticeKey = "accessToScreenSharingDenied" | "browserNotSupported" | "uploadFailed";

export type EditorAction =
  | { type: "tool"; tool: Tool }
  | { type: "color"; color: string }
  | { type: "togglePicker" }
  | { type: "closePicker" }
  | { type: "pointerDown"; point: Point }
  | { type: "pointerMove"; point: Point }
  | { type: "pointerUp" }
  | { type: "undo" }
  | { type: "recording"; phase: RecordingPhase }
  | { type: "tick"; elapsed: number }
  | { type: "muted"; muted: boolean }
  | { type: "audioAvailable"; available: boolean }
  | { type: "notice"; notice: NoticeKey | null }
  | { type: "upload"; progress: number }
  | { type: "retry" }
  | { type: "finishing"; finishing: boolean };

export function initialEditorState(type: CaptureType, recorderAvailable = true): EditorState {
  return {
    type,
    // The reference starts on the rectangle; a recording starts on it too and switches to the
    // pointer when it starts, so the page can be used while it is recorded.
    tool: "rect",
    color: drawingColors[0],
    pickerOpen: false,
    shapes: [],
    active: null,
    recording: "idle",
    muted: false,
    audioAvailable: true,
    recorderAvailable,
    elapsed: 0,
    uploadProgress: 0,
    notice: null,
    finishing: false,
  };
}

/** Spec §4: in capture mode the drawing tools work only while recording. */
export const drawingEnabled = (state: EditorState) =>
  !state.finishing && (state.type === "screenshot" || state.recording === "recording");

/**
 * Pointer mode of a running recording: the overlay lets the page have the pointer, the wheel and the
 * keys, so the visitor can show the steps while they are recorded (only the toolbar stays the editor's).
 */
export const pageReachable = (state: EditorState) =>
  state.type === "capture" && state.recording === "recording" && state.tool === "pointer" && !state.finishing;

export const canUndo = (state: EditorState) => drawingEnabled(state) && state.shapes.length > 0;

function startShape(state: EditorState, point: Point): Shape | null {
  switch (state.tool) {
    case "rect":
      return {
        kind: "rect",
        color: state.color,
        width: strokes.rect,
        x: point.x,
        y: point.y,
        w: 0,
        h: 0,
        start: point,
      };
    case "pen":
      return {
        kind: "path",
        tool: "pen",
        color: `${state.color}${strokes.penAlpha}`,
        width: strokes.pen,
        stroke: startStroke(point),
      };
    case "blur":
      return {
        kind: "path",
        tool: "blur",
        color: strokes.blurColor,
        width: strokes.blur,
        stroke: startStroke(point),
      };
    default:
      return null;
  }
}

function extendShape(shape: Shape, point: Point): Shape {
  if (shape.kind === "path") return { ...shape, stroke: extendStroke(shape.stroke, point) };
  return {
    ...shape,
    x: Math.min(shape.start.x, point.x),
    y: Math.min(shape.start.y, point.y),
    w: Math.abs(point.x - shape.start.x),
    h: Math.abs(point.y - shape.start.y),
  };
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case "tool":
      if (!drawingEnabled(state)) return state;
      if (action.tool === "pointer" && state.type !== "capture") return state;
      return { ...state, tool: action.tool, pickerOpen: false };
    case "color":
      if (!(drawingColors as readonly string[]).includes(action.color)) return state;
      return { ...state, color: action.color, pickerOpen: false };
    case "togglePicker":
      return drawingEnabled(state) ? { ...state, pickerOpen: !state.pickerOpen } : state;
    case "closePicker":
      return state.pickerOpen ? { ...state, pickerOpen: false } : state;
    case "pointerDown": {
      if (!drawingEnabled(state)) return state;
      const active = startShape(state, action.point);
      return active ? { ...state, active, pickerOpen: false } : state;
    }
    case "pointerMove":
      return state.active ? { ...state, active: extendShape(state.active, action.point) } : state;
    case "pointerUp": {
      if (!state.active) return state;
      // A click without a drag leaves no rectangle behind; a dot of the pen stays (it is a mark).
      const empty = state.active.kind === "rect" && state.active.w < 2 && state.active.h < 2;
      return { ...state, active: null, shapes: empty ? state.shapes : [...state.shapes, state.active] };
    }
    case "undo":
      return canUndo(state) ? { ...state, shapes: state.shapes.slice(0, -1) } : state;
    case "recording": {
      if (action.phase === state.recording) return state;
      const next = { ...state, recording: action.phase };
      // Recording starts on the pointer, so the page underneath can be used.
      if (action.phase === "recording") return { ...next, tool: "pointer", notice: null, pickerOpen: false };
      if (action.phase === "idle" || action.phase === "stopped")
        return { ...next, active: null, pickerOpen: false };
      return next;
    }
    case "tick":
      return { ...state, elapsed: action.elapsed };
    case "muted":
      return { ...state, muted: action.muted };
    case "audioAvailable":
      return { ...state, audioAvailable: action.available };
    case "notice":
      return { ...state, notice: action.notice };
    case "upload":
      return { ...state, uploadProgress: Math.max(0, Math.min(1, action.progress)) };
    case "retry":
      // Spec §4: Retry clears the preview and the drawings.
      return {
        ...state,
        recording: "idle",
        shapes: [],
        active: null,
        tool: "rect",
        elapsed: 0,
        uploadProgress: 0,
        notice: null,
        finishing: false,
      };
    case "finishing":
      return { ...state, finishing: action.finishing, pickerOpen: false, active: null };
  }
}

/** What a key does in the editor (spec §2 Keyboard): Escape dismisses, Enter proceeds in screenshot mode. */
export type KeyCommand = "dismiss" | "next" | "undo" | "closePicker" | null;

export function keyCommand(
  state: EditorState,
  event: { key: string; ctrlKey?: boolean; metaKey?: boolean; target?: unknown },
): KeyCommand {
  // Finishing, nothing acts; in pointer mode of a recording the keys are the page's (typing a step,
  // Escape in the page's own dialog), and must neither undo a drawing nor end the recording.
  if (state.finishing || pageReachable(state)) return null;
  if (event.key === "Escape") return state.pickerOpen ? "closePicker" : "dismiss";
  if (event.key === "Enter" && state.type === "screenshot") return "next";
  if ((event.key === "z" || event.key === "Z") && (event.ctrlKey || event.metaKey) && canUndo(state))
    return "undo";
  return null;
}

/** Spec §2 "countdown timer (shown as 2:00)": the time left of the 120 s, as m:ss. */
export function formatCountdown(secondsLeft: number): string {
  const total = Math.max(0, Math.ceil(secondsLeft));
  const seconds = total % 60;
  return `${(total - seconds) / 60}:${seconds < 10 ? "0" : ""}${seconds}`;
}
