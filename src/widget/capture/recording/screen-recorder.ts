/**
 * Screen recording (spec §4 "Recorder", §9): `getDisplayMedia` and `MediaRecorder`, the reference's
 * settings: at most 120 s, up to 3072×1728, frame rate ideal 10 and at most 24, a chunk every 200 ms,
 * WebM preferred and MP4 when the browser records nothing else. The microphone is optional: without
 * it (refused, or no device) audio is marked unavailable and the recording goes on. A recording stops
 * by hand, when the shared screen stops, or at the limit.
 */

export const recordingLimits = {
  maxSeconds: 120,
  maxWidth: 3072,
  maxHeight: 1728,
  frameRate: { ideal: 10, max: 24 },
  timesliceMs: 200,
} as const;

/** WebM first (what Chromium and Firefox record), MP4 for Safari. */
export const recordingTypes = ["video/webm", "video/webm;codecs=vp8", "video/webm;codecs=vp9", "video/mp4"];

export function pickRecordingType(isSupported: (type: string) => boolean): string | null {
  for (const type of recordingTypes) {
    try {
      if (isSupported(type)) return type;
    } catch {
      // A browser that throws for a type does not record it.
    }
  }
  return null;
}

/** The file's type without codecs (what the upload accepts) and its extension. */
export function recordingFile(type: string): { type: "video/webm" | "video/mp4"; extension: "webm" | "mp4" } {
  return type.startsWith("video/mp4")
    ? { type: "video/mp4", extension: "mp4" }
    : { type: "video/webm", extension: "webm" };
}

export type RecorderPhase = "idle" | "starting" | "recording" | "stopped";

export interface RecorderStatus {
  phase: RecorderPhase;
  elapsed: number;
  audioAvailable: boolean;
}

export interface RecorderEvents {
  onStatus(status: RecorderStatus): void;
  /** The recording, as a file to upload and an object URL to preview. */
  onFile(file: File, previewUrl: string): void;
  /** The visitor (or the browser) refused to share the screen. */
  onDenied(error: unknown): void;
}

type MediaRecorderClass = {
  new (stream: MediaStream, options?: MediaRecorderOptions): MediaRecorder;
  isTypeSupported(type: string): boolean;
};

export interface RecorderDeps {
  mediaDevices?: Pick<MediaDevices, "getDisplayMedia" | "getUserMedia"> | null;
  MediaRecorder?: MediaRecorderClass | null;
  screen: { width: number; height: number };
  setInterval: typeof setInterval;
  clearInterval: typeof clearInterval;
  createObjectURL(blob: Blob): string;
  revokeObjectURL(url: string): void;
}

export interface ScreenRecorder {
  /** Whether this browser can record the screen at all. */
  readonly available: boolean;
  start(options: { muted: boolean }): Promise<void>;
  stop(): void;
  setMuted(muted: boolean): void;
  /** Retry: the file is dropped (and its preview URL released). */
  clear(): void;
  destroy(): void;
}

export function browserRecorderDeps(win: Window = window): RecorderDeps {
  return {
    mediaDevices: win.navigator.mediaDevices ?? null,
    MediaRecorder: (win as unknown as { MediaRecorder?: MediaRecorderClass }).MediaRecorder ?? null,
    screen: { width: win.screen?.width ?? 0, height: win.screen?.height ?? 0 },
    setInterval: win.setInterval.bind(win) as typeof setInterval,
    clearInterval: win.clearInterval.bind(win) as typeof clearInterval,
    createObjectURL: (blob) => URL.createObjectURL(blob),
    revokeObjectURL: (url) => URL.revokeObjectURL(url),
  };
}

export function createScreenRecorder(deps: RecorderDeps, events: RecorderEvents): ScreenRecorder {
  const Recorder = deps.MediaRecorder;
  const devices = deps.mediaDevices;
  const type = Recorder ? pickRecordingType((candidate) => Recorder.isTypeSupported(candidate)) : null;
  const available = Boolean(devices?.getDisplayMedia && Recorder && type);

  let status: RecorderStatus = { phase: "idle", elapsed: 0, audioAvailable: true };
  let stream: MediaStream | null = null;
  let microphone: MediaStream | null = null;
  let recorder: MediaRecorder | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;
  let previewUrl: string | null = null;
  let muted = false;
  let destroyed = false;

  const update = (next: Partial<RecorderStatus>) => {
    status = { ...status, ...next };
    if (!destroyed) events.onStatus(status);
  };

  function releaseTracks() {
    for (const source of [stream, microphone]) for (const track of source?.getTracks() ?? []) track.stop();
    stream = null;
    microphone = null;
  }

  function stopTimer() {
    if (timer !== null) deps.clearInterval(timer);
    timer = null;
  }

  function finish(chunks: Blob[]) {
    stopTimer();
    releaseTracks();
    recorder = null;
    if (destroyed) return;
    const file = recordingFile(type ?? "video/webm");
    const blob = new Blob(chunks, { type: file.type });
    const recording = new File([blob], `screen-recording.${file.extension}`, { type: file.type });
    if (previewUrl) deps.revokeObjectURL(previewUrl);
    previewUrl = deps.createObjectURL(recording);
    update({ phase: "stopped" });
    events.onFile(recording, previewUrl);
  }

  function stop() {
    stopTimer();
    if (recorder && recorder.state !== "inactive") recorder.stop();
    else releaseTracks();
  }

  return {
    available,
    async start(options) {
      if (!available || !devices || !Recorder || status.phase === "starting" || status.phase === "recording")
        return;
      muted = options.muted;
      update({ phase: "starting", elapsed: 0 });
      try {
        stream = await devices.getDisplayMedia({
          video: {
            width: {
              ideal: Math.min(deps.screen.width || recordingLimits.maxWidth, recordingLimits.maxWidth),
            },
            height: {
              ideal: Math.min(deps.screen.height || recordingLimits.maxHeight, recordingLimits.maxHeight),
            },
            frameRate: { ...recordingLimits.frameRate },
            displaySurface: "monitor",
          },
          selfBrowserSurface: "include",
          audio: true,
        } as DisplayMediaStreamOptions);
      } catch (error) {
        stream = null;
        update({ phase: "idle" });
        events.onDenied(error);
        return;
      }
      if (destroyed) return releaseTracks();
      let audioAvailable = false;
      if (!muted) {
        try {
          microphone = await devices.getUserMedia({ audio: true, video: false });
          for (const track of microphone.getAudioTracks()) stream.addTrack(track);
          audioAvailable = microphone.getAudioTracks().length > 0;
        } catch {
          // No microphone, or refused: the recording goes on without it.
          audioAvailable = false;
        }
      }
      if (destroyed || !stream) return releaseTracks();
      const chunks: Blob[] = [];
      const current = new Recorder(stream, type ? { mimeType: type } : undefined);
      recorder = current;
      current.ondataavailable = (event) => {
        if (event.data && event.data.size > 0) chunks.push(event.data);
      };
      current.onstop = () => finish(chunks);
      // The visitor stopped sharing in the browser's own bar.
      const video = stream.getVideoTracks()[0];
      if (video) video.onended = () => stop();
      current.start(recordingLimits.timesliceMs);
      update({ phase: "recording", elapsed: 0, audioAvailable });
      timer = deps.setInterval(() => {
        const elapsed = status.elapsed + 1;
        update({ elapsed });
        if (elapsed >= recordingLimits.maxSeconds) stop();
      }, 1000);
    },
    stop,
    setMuted(next) {
      muted = next;
      for (const track of stream?.getAudioTracks() ?? []) track.enabled = !next;
    },
    clear() {
      if (previewUrl) deps.revokeObjectURL(previewUrl);
      previewUrl = null;
      update({ phase: "idle", elapsed: 0, audioAvailable: true });
    },
    destroy() {
      destroyed = true;
      stopTimer();
      if (recorder && recorder.state !== "inactive") {
        recorder.onstop = null;
        try {
          recorder.stop();
        } catch {
          // Already stopped.
        }
      }
      recorder = null;
      releaseTracks();
      if (previewUrl) deps.revokeObjectURL(previewUrl);
      previewUrl = null;
    },
  };
}
