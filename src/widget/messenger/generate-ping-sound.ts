/**
 * Writes public/sounds/ping.wav, the messenger's `play-ping` sound: a soft two-tone chime (C6 then G6,
 * about 170 ms), 16-bit mono PCM at 22.05 kHz, about 7 KB. Generated rather than downloaded so the
 * file's origin and licence are this repository. Run: `npx bun src/widget/messenger/generate-ping-sound.ts`.
 */
import { join } from "node:path";

const sampleRate = 22_050;
const durationMs = 170;
const peak = 0.42;

/** One bell-like note: a short attack, an exponential decay and a quiet octave partial. */
const note = (frequency: number, startMs: number, decayMs: number) => (t: number) => {
  const local = t - startMs / 1000;
  if (local < 0) return 0;
  const attack = Math.min(1, local / 0.004);
  const envelope = attack * Math.exp(-local / (decayMs / 1000));
  const phase = 2 * Math.PI * frequency * local;
  return envelope * (Math.sin(phase) + 0.18 * Math.sin(2 * phase));
};

const notes = [note(1046.5, 0, 38), note(1568, 60, 52)];

export function pingWav(): Uint8Array {
  const samples = Math.round((sampleRate * durationMs) / 1000);
  const buffer = new ArrayBuffer(44 + samples * 2);
  const view = new DataView(buffer);
  const text = (offset: number, value: string) => {
    for (let i = 0; i < value.length; i++) view.setUint8(offset + i, value.charCodeAt(i));
  };
  text(0, "RIFF");
  view.setUint32(4, 36 + samples * 2, true);
  text(8, "WAVE");
  text(12, "fmt ");
  view.setUint32(16, 16, true); // PCM header size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true); // bytes per second
  view.setUint16(32, 2, true); // block align
  view.setUint16(34, 16, true); // bits per sample
  text(36, "data");
  view.setUint32(40, samples * 2, true);
  for (let i = 0; i < samples; i++) {
    const t = i / sampleRate;
    // The last 15 ms fade to silence, so the file ends without a click.
    const fadeOut = Math.min(1, (samples - i) / (sampleRate * 0.015));
    const value = notes.reduce((sum, play) => sum + play(t), 0) * peak * fadeOut;
    view.setInt16(44 + i * 2, Math.max(-1, Math.min(1, value)) * 0x7fff, true);
  }
  return new Uint8Array(buffer);
}

if (import.meta.main) {
  const target = join(import.meta.dir, "..", "..", "..", "public", "sounds", "ping.wav");
  await Bun.write(target, pingWav());
  console.log(`wrote ${target}`);
}
