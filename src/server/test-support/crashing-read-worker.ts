/**
 * The SQLite reader thread, made to die for the read pool's tests, as a crash in native code would end
 * it: a job whose first statement is `SELECT 'crash'` ends the thread every time; `SELECT 'crash once', ?`
 * ends it only while the file named by its parameter exists (the dying thread removes it), so the
 * pool's retry on a fresh thread is answered. Any other job is answered as the real thread does.
 */
import { existsSync, rmSync } from "node:fs";
import { workerData } from "node:worker_threads";
import type { ReadWorkerData } from "../database/sqlite-read-worker.ts";
import { createSqliteReader, type ReadJob } from "../database/sqlite-reader.ts";

declare const self: Worker;

const answer = createSqliteReader((workerData as ReadWorkerData).filename);

self.onmessage = ({ data }: MessageEvent<ReadJob>) => {
  const [statement] = data.statements;
  const first = statement && "text" in statement ? statement : undefined;
  if (first?.text === "SELECT 'crash'") process.exit(1);
  const marker = first?.text.startsWith("SELECT 'crash once'") ? String(first.params[0]) : null;
  if (marker && existsSync(marker)) {
    rmSync(marker);
    process.exit(1);
  }
  self.postMessage(answer(data));
};
