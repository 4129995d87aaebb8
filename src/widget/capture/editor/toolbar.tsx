import type { Dispatch } from "react";
import { Icon, type IconName } from "../capture-icons.tsx";
import type { CaptureTexts } from "../capture-texts.ts";
import {
  type CaptureType,
  canUndo,
  drawingEnabled,
  type EditorAction,
  type EditorState,
  formatCountdown,
  type Tool,
} from "../drawing/editor-state.ts";
import { recordingLimits } from "../recording/screen-recorder.ts";
import type { ToolbarDrag } from "./toolbar-drag.ts";
import type { Recording } from "./use-recording.ts";

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

export interface ToolbarProps {
  type: CaptureType;
  texts: CaptureTexts;
  state: EditorState;
  dispatch: Dispatch<EditorAction>;
  drag: ToolbarDrag;
  recording: Recording;
  next(): void;
}

/** Capture mode's controls: record/stop, the microphone and the countdown. */
function RecordingControls({ texts, state, recording }: Pick<ToolbarProps, "texts" | "state" | "recording">) {
  const recorderAvailable = recording.available;
  const isRecording = state.recording === "recording";
  const micAvailable = recorderAvailable && state.audioAvailable;
  return (
    <>
      <ToolButton
        icon={isRecording ? "stop" : "record"}
        label={
          !recorderAvailable
            ? texts.browserNotSupported
            : isRecording
              ? texts.stopRecording
              : texts.startRecording
        }
        pressed={isRecording}
        disabled={!recorderAvailable || state.recording === "starting"}
        onClick={recording.toggleRecording}
        testId="capture-record"
      />
      <ToolButton
        icon={state.muted || !micAvailable ? "micOff" : "mic"}
        label={!micAvailable ? texts.browserNotSupported : state.muted ? texts.unmute : texts.mute}
        pressed={!state.muted && micAvailable}
        disabled={!micAvailable}
        onClick={recording.toggleMute}
        testId="capture-mic"
      />
      <span className="gl-capture-timer" role="timer" aria-label={texts.timeLeft} data-testid="capture-timer">
        {formatCountdown(recordingLimits.maxSeconds - state.elapsed)}
      </span>
      <span className="gl-capture-divider" />
    </>
  );
}

/**
 * The toolbar (spec §2): drag handle, recording and microphone toggles with the countdown (capture
 * mode), pointer, rectangle, pen, blur, colour picker, undo, and Next in screenshot mode.
 */
export function Toolbar(props: ToolbarProps) {
  const { type, texts, state, dispatch, drag, next } = props;
  const enabled = drawingEnabled(state);
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
  return (
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
        onPointerDown={drag.onDragStart}
        onPointerMove={drag.onDragMove}
        onPointerUp={drag.onDragEnd}
        onPointerCancel={drag.onDragEnd}
        data-testid="capture-drag"
      >
        <Icon name="drag" size={18} />
      </button>
      {type === "capture" && (
        <>
          <RecordingControls texts={texts} state={state} recording={props.recording} />
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
  );
}
