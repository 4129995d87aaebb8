/**
 * A reader thread of {@link createSqliteReadPool}: answers each job with its own read-only connection
 * (sqlite-reader.ts), so the main thread never waits for these queries.
 */
import { workerData } from "node:worker_threads";
import { createSqliteReader, type ReadJob } from "./sqlite-reader.ts";

declare const self: Worker;

export interface ReadWorkerData {
  filename: string;
}

const answer = createSqliteReader((workerData as ReadWorkerData).filename);

self.onmessage = ({ data }: MessageEvent<ReadJob>) => {
  self.postMessage(answer(data));
};
