import type { WidgetHost } from "../../shared/widget-chunk-contract.ts";

/** Where our own notification sound is served: `public/sounds/ping.wav` on the main origin. */
export function pingSoundUrl(apiUrl: string): string | null {
  try {
    return new URL("/sounds/ping.wav", apiUrl).href;
  } catch {
    return null;
  }
}

/**
 * The messenger's `play-ping` (a new message while the widget is open): a short chime, unless the host
 * turned sounds off (`Gleap.playSound(false)`). One audio element is kept and replayed; a browser that
 * refuses autoplay (no user gesture yet) is not an error.
 */
export function createPingSound(host: Pick<WidgetHost, "apiUrl" | "options">) {
  let audio: HTMLAudioElement | null = null;
  return {
    play() {
      if (!host.options().playSound) return;
      const url = pingSoundUrl(host.apiUrl());
      if (!url) return;
      try {
        if (!audio || audio.src !== url) audio = new Audio(url);
        audio.currentTime = 0;
        void audio.play()?.catch(() => {});
      } catch {
        // No audio support (or a blocked element): the ping is a nicety.
      }
    },
  };
}
