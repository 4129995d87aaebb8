/** What the stdout writer (stdout-writer.ts) and its thread (stdout-writer-worker.ts) share. */
export type StdoutWriterMessage =
  | { type: "start"; fd: number; shared: SharedArrayBuffer }
  | { type: "write"; text: string };

/** The slots of the shared `BigInt64Array`: the characters written so far, and whether the thread started. */
export const writtenSlot = 0;
export const startedSlot = 1;
