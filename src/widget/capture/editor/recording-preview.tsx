import type { ReactNode } from "react";
import type { CaptureTexts } from "../capture-texts.ts";
import type { EditorState } from "../drawing/editor-state.ts";

interface RecordingPreviewProps {
  url: string;
  state: EditorState;
  texts: CaptureTexts;
  onRetry(): void;
  onSend(): void;
}

/** One of the preview's two buttons, both held while the recording uploads. */
function PreviewButton(props: {
  kind: "primary" | "secondary";
  onClick(): void;
  disabled: boolean;
  testId: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={`gl-capture-button gl-capture-button--${props.kind}`}
      onClick={props.onClick}
      disabled={props.disabled}
      data-testid={props.testId}
    >
      {props.children}
    </button>
  );
}

/** Capture mode's preview of the recording, with its upload progress, Retry and Next. */
export function RecordingPreview({ url, state, texts, onRetry, onSend }: RecordingPreviewProps) {
  const uploading = state.recording === "uploading";
  return (
    <div className="gl-capture-preview" data-testid="capture-preview">
      <div className="gl-capture-preview-card">
        <p className="gl-capture-preview-title">{texts.recordingPreview}</p>
        <video src={url} controls muted autoPlay playsInline data-testid="capture-video" />
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
          <PreviewButton kind="secondary" onClick={onRetry} disabled={uploading} testId="capture-retry">
            {texts.retry}
          </PreviewButton>
          <span
            className="gl-capture-preview-status"
            role={state.notice === "uploadFailed" ? "alert" : "status"}
            data-error={String(state.notice === "uploadFailed")}
          >
            {state.notice === "uploadFailed" ? texts.uploadFailed : uploading ? texts.uploading : ""}
          </span>
          <PreviewButton kind="primary" onClick={onSend} disabled={uploading} testId="capture-send">
            {texts.next}
          </PreviewButton>
        </div>
      </div>
    </div>
  );
}
