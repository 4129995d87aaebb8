/**
 * The thread of {@link createStdoutWriter}: writes each text it is sent to the file descriptor, waiting
 * for the reader as long as it takes, and adds the text's length to the shared count of what is
 * written, which the posting thread reads for its backlog and waits on at exit.
 */
import { writeSync } from "node:fs";
import { type StdoutWriterMessage, startedSlot, writtenSlot } from "./stdout-writer-protocol.ts";

declare const self: Worker;

let fd = 1;
let shared: BigInt64Array | null = null;
/** Only for `Atomics.wait` as a sleep. */
const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * Writes all of `bytes`. A descriptor in non-blocking mode (Bun sets it on stdout once the process
 * touches `process.stdout`) answers EAGAIN while the reader is behind: this thread then waits and
 * tries again, which is its job. Any other error (the reader is gone) ends the text.
 */
function writeAll(bytes: Uint8Array): void {
  let offset = 0;
  while (offset < bytes.length) {
    try {
      offset += writeSync(fd, bytes, offset);
    } catch (error) {
      if ((error as { code?: string }).code !== "EAGAIN") return;
      Atomics.wait(pause, 0, 0, 5);
    }
  }
}

self.onmessage = ({ data }: MessageEvent<StdoutWriterMessage>) => {
  if (data.type === "start") {
    fd = data.fd;
    shared = new BigInt64Array(data.shared);
    Atomics.store(shared, startedSlot, 1n);
    return;
  }
  writeAll(Buffer.from(data.text));
  if (shared === null) return;
  Atomics.add(shared, writtenSlot, BigInt(data.text.length));
  Atomics.notify(shared, writtenSlot);
};
