import type { TourStepData } from "../../shared/tour-messages.ts";
import type { CopilotRun } from "./copilot-run.ts";
import { copilotTiming, readingTimeMs } from "./copilot-timing.ts";

/** The part of an audio element the co-pilot uses. */
export interface CopilotAudio {
  muted: boolean;
  play(): Promise<void>;
  pause(): void;
  addEventListener(type: "ended", listener: () => void): void;
}

const isWebAddress = (url: string) => /^(https?:|\/(?!\/))/i.test(url);

/** The steps' voices (spec §4): one plays at a time, muted or not as the visitor chose. */
export function createVoice(playVoice: boolean, createAudio: (url: string) => CopilotAudio, run: CopilotRun) {
  let muted = false;
  let audio: CopilotAudio | null = null;
  return {
    muted: () => muted,
    setMuted(next: boolean) {
      muted = next;
      if (audio) audio.muted = muted;
    },
    /** The step's voice, or its reading time when it has none (or the browser refuses to play it). */
    speak(step: TourStepData, message: string): Promise<void> {
      const reading = () => run.sleep(readingTimeMs(message));
      if (!playVoice || !step.voice || !isWebAddress(step.voice)) return reading();
      return new Promise<void>((resolve) => {
        let voice: CopilotAudio;
        try {
          voice = createAudio(step.voice);
        } catch {
          return void reading().then(resolve);
        }
        audio = voice;
        voice.muted = muted;
        voice.addEventListener("ended", () => void run.sleep(copilotTiming.afterVoiceMs).then(resolve));
        voice.play().catch(() => {
          if (audio === voice) audio = null;
          void reading().then(resolve);
        });
      });
    },
    /** The step's voice is over: the mute button no longer reaches it. */
    forget() {
      audio = null;
    },
    stop() {
      audio?.pause();
      audio = null;
    },
  };
}
