import type { CaptureTexts } from "../capture-texts.ts";
import type { EditorState } from "../drawing/editor-state.ts";

interface RecordingPreviewProps {
  url: string;
  state: EditorState;
  texts: CaptureTexts;
  onRetry(): void;
  onSend(): void;
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
          <button
            type="button"
            className="gl-capture-button gl-capture-button--secondary"
            onClick={onRetry}
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
            onClick={onSend}
            disabled={uploading}
            data-testid="capture-send"
          >
            {texts.next}
          </button>
        </div>
      </div>
    </div>
  );
}
