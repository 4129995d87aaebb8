import { type Dispatch, useEffect, useRef, useState } from "react";
import type { CaptureType, EditorAction, EditorState } from "../drawing/editor-state.ts";
import type { RecorderEvents, ScreenRecorder } from "../recording/screen-recorder.ts";

export interface RecordingProps {
  type: CaptureType;
  createRecorder?: (events: RecorderEvents) => ScreenRecorder;
  upload(file: File, onProgress: (fraction: number) => void): Promise<string>;
  onRecording(fileUrl: string): void;
}

/**
 * Capture mode's recorder, living as long as the editor: its status drives the editor's state, its
 * file becomes the preview; the toolbar starts, stops and mutes it, the preview retries or uploads.
 */
export function useRecording(props: RecordingProps, state: EditorState, dispatch: Dispatch<EditorAction>) {
  const { type } = props;
  const recorderRef = useRef<ScreenRecorder | null>(null);
  const [preview, setPreview] = useState<{ file: File; url: string } | null>(null);
  const [available, setAvailable] = useState(true);

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
    setAvailable(recorder.available);
    return () => {
      recorder.destroy();
      recorderRef.current = null;
    };
  }, [type, props.createRecorder, dispatch]);

  const recording = state.recording === "recording";
  const uploading = state.recording === "uploading";

  return {
    preview,
    available,
    toggleRecording() {
      const recorder = recorderRef.current;
      if (!recorder) return;
      dispatch({ type: "notice", notice: null });
      if (recording) recorder.stop();
      else void recorder.start({ muted: state.muted });
    },
    toggleMute() {
      const muted = !state.muted;
      dispatch({ type: "muted", muted });
      recorderRef.current?.setMuted(muted);
    },
    retry() {
      recorderRef.current?.clear();
      setPreview(null);
      dispatch({ type: "retry" });
    },
    async send() {
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
    },
  };
}

export type Recording = ReturnType<typeof useRecording>;
