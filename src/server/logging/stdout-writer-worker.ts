/**
 * The thread of {@link createStdoutWriter}: writes each text it is sent to the file descriptor, waiting
 * for the reader as long as it takes, and adds the text's length to the shared count of what is
 * written, which the posting thread reads for its backlog and waits on at exit.
 */
import { writeSync } from "node:fs";

declare const self: Worker;

export type StdoutWriterMessage =
  | { type: "start"; fd: number; written: SharedArrayBuffer }
  | { type: "write"; text: string };

let fd = 1;
let written: BigInt64Array | null = null;

function writeAll(text: string): void {
  const bytes = Buffer.from(text);
  let offset = 0;
  while (offset < bytes.length) offset += writeSync(fd, bytes, offset);
}

self.onmessage = ({ data }: MessageEvent<StdoutWriterMessage>) => {
  if (data.type === "start") {
    fd = data.fd;
    written = new BigInt64Array(data.written);
    return;
  }
  try {
    writeAll(data.text);
  } catch {
    // The reader is gone (EPIPE) or the descriptor closed: the text cannot go anywhere.
  }
  if (written === null) return;
  Atomics.add(written, 0, BigInt(data.text.length));
  Atomics.notify(written, 0);
};
