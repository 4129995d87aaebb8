import { describe, expect, test } from "bun:test";
import {
  createScreenRecorder,
  pickRecordingType,
  type RecorderDeps,
  type RecorderStatus,
  recordingFile,
} from "./screen-recorder.ts";

class FakeTrack {
  enabled = true;
  stopped = false;
  onended: (() => void) | null = null;
  constructor(readonly kind: "audio" | "video") {}
  stop() {
    this.stopped = true;
  }
}

class FakeStream {
  tracks: FakeTrack[];
  constructor(...tracks: FakeTrack[]) {
    this.tracks = tracks;
  }
  getTracks = () => this.tracks;
  getAudioTracks = () => this.tracks.filter((track) => track.kind === "audio");
  getVideoTracks = () => this.tracks.filter((track) => track.kind === "video");
  addTrack = (track: FakeTrack) => this.tracks.push(track);
}

function setup(
  options: { microphone?: "ok" | "refused"; screen?: "ok" | "refused"; supported?: string[] } = {},
) {
  const recorders: FakeRecorder[] = [];
  const supported = options.supported ?? ["video/webm", "video/mp4"];
  class FakeRecorder {
    static isTypeSupported = (type: string) => supported.includes(type);
    state: "inactive" | "recording" = "inactive";
    timeslice = 0;
    ondataavailable: ((event: { data: Blob }) => void) | null = null;
    onstop: (() => void) | null = null;
    constructor(
      readonly stream: FakeStream,
      readonly options: MediaRecorderOptions,
    ) {
      recorders.push(this);
    }
    start(timeslice: number) {
      this.state = "recording";
      this.timeslice = timeslice;
    }
    stop() {
      this.state = "inactive";
      this.ondataavailable?.({ data: new Blob(["frames"]) });
      this.onstop?.();
    }
  }
  const display = new FakeStream(new FakeTrack("video"));
  const mic = new FakeStream(new FakeTrack("audio"));
  const calls: { display?: unknown; user?: unknown } = {};
  const ticks: Array<() => void> = [];
  const revoked: string[] = [];
  const deps: RecorderDeps = {
    mediaDevices: {
      getDisplayMedia: async (constraints) => {
        calls.display = constraints;
        if (options.screen === "refused") throw new DOMException("denied", "NotAllowedError");
        return display as unknown as MediaStream;
      },
      getUserMedia: async (constraints) => {
        calls.user = constraints;
        if (options.microphone === "refused") throw new DOMException("no mic", "NotFoundError");
        return mic as unknown as MediaStream;
      },
    },
    MediaRecorder: FakeRecorder as unknown as RecorderDeps["MediaRecorder"],
    screen: { width: 3840, height: 2160 },
    setInterval: ((callback: () => void) => {
      ticks.push(callback);
      return ticks.length;
    }) as unknown as typeof setInterval,
    clearInterval: (() => {
      ticks.length = 0;
    }) as typeof clearInterval,
    createObjectURL: () => "blob:preview",
    revokeObjectURL: (url) => revoked.push(url),
  };
  const statuses: RecorderStatus[] = [];
  const files: File[] = [];
  const denied: unknown[] = [];
  const recorder = createScreenRecorder(deps, {
    onStatus: (status) => statuses.push(status),
    onFile: (file) => files.push(file),
    onDenied: (error) => denied.push(error),
  });
  const tick = (times: number) => {
    for (let i = 0; i < times; i++) for (const callback of [...ticks]) callback();
  };
  return { recorder, recorders, display, mic, calls, statuses, files, denied, tick, revoked };
}

describe("screen recording", () => {
  test("WebM is preferred, MP4 is the fallback; the upload gets the type without codecs", () => {
    expect(pickRecordingType((type) => ["video/mp4", "video/webm"].includes(type))).toBe("video/webm");
    expect(pickRecordingType((type) => type === "video/mp4")).toBe("video/mp4");
    expect(pickRecordingType(() => false)).toBeNull();
    expect(recordingFile("video/webm;codecs=vp9")).toEqual({ type: "video/webm", extension: "webm" });
    expect(recordingFile("video/mp4")).toEqual({ type: "video/mp4", extension: "mp4" });
  });

  test("asks for the screen with the reference's limits and records a chunk every 200 ms, with the microphone", async () => {
    const s = setup();
    await s.recorder.start({ muted: false });
    expect(s.calls.display).toEqual({
      video: {
        width: { ideal: 3072 },
        height: { ideal: 1728 },
        frameRate: { ideal: 10, max: 24 },
        displaySurface: "monitor",
      },
      selfBrowserSurface: "include",
      audio: true,
    });
    expect(s.calls.user).toEqual({ audio: true, video: false });
    expect(s.recorders[0]?.timeslice).toBe(200);
    expect(s.recorders[0]?.options).toEqual({ mimeType: "video/webm" });
    expect(s.display.getAudioTracks()).toHaveLength(1);
    expect(s.statuses.at(-1)).toEqual({ phase: "recording", elapsed: 0, audioAvailable: true });

    s.tick(3);
    s.recorder.stop();
    expect(s.statuses.at(-1)).toMatchObject({ phase: "stopped", elapsed: 3 });
    expect(s.files[0]?.name).toBe("screen-recording.webm");
    expect(s.files[0]?.type).toBe("video/webm");
    // The shared screen and the microphone are released.
    expect(s.display.tracks.every((track) => track.stopped)).toBe(true);
  });

  test("without a microphone the audio is marked unavailable and the recording goes on", async () => {
    const s = setup({ microphone: "refused" });
    await s.recorder.start({ muted: false });
    expect(s.statuses.at(-1)).toEqual({ phase: "recording", elapsed: 0, audioAvailable: false });
    expect(s.recorders).toHaveLength(1);
  });

  test("muted before the start, the microphone is not even asked for; mute toggles its track", async () => {
    const muted = setup();
    await muted.recorder.start({ muted: true });
    expect(muted.calls.user).toBeUndefined();
    const s = setup();
    await s.recorder.start({ muted: false });
    s.recorder.setMuted(true);
    expect(s.mic.getAudioTracks()[0]?.enabled).toBe(false);
    s.recorder.setMuted(false);
    expect(s.mic.getAudioTracks()[0]?.enabled).toBe(true);
  });

  test("stops by itself at 120 seconds, and when the visitor stops sharing", async () => {
    const s = setup();
    await s.recorder.start({ muted: true });
    s.tick(119);
    expect(s.files).toHaveLength(0);
    s.tick(1);
    expect(s.files).toHaveLength(1);
    expect(s.statuses.at(-1)).toMatchObject({ phase: "stopped", elapsed: 120 });

    const shared = setup();
    await shared.recorder.start({ muted: true });
    shared.display.getVideoTracks()[0]?.onended?.();
    expect(shared.files).toHaveLength(1);
  });

  test("a refused screen share is reported and nothing records", async () => {
    const s = setup({ screen: "refused" });
    await s.recorder.start({ muted: false });
    expect(s.denied).toHaveLength(1);
    expect(s.recorders).toHaveLength(0);
    expect(s.statuses.at(-1)?.phase).toBe("idle");
  });

  test("a browser without getDisplayMedia or a recordable type is not available", () => {
    expect(setup({ supported: [] }).recorder.available).toBe(false);
    expect(setup().recorder.available).toBe(true);
  });

  test("Retry drops the file and its preview; destroy releases everything", async () => {
    const s = setup();
    await s.recorder.start({ muted: true });
    s.recorder.stop();
    s.recorder.clear();
    expect(s.revoked).toEqual(["blob:preview"]);
    expect(s.statuses.at(-1)).toEqual({ phase: "idle", elapsed: 0, audioAvailable: true });
    await s.recorder.start({ muted: true });
    s.recorder.destroy();
    expect(s.display.tracks.every((track) => track.stopped)).toBe(true);
  });
});
