/**
 * The parser thread of {@link createReportParserPool}: takes a report body, answers its
 * {@link ReportPreparation}. The body and the stored parts move between the threads without a copy.
 */
import { setPriority } from "node:os";
import { prepareReport, type ReportPreparation } from "./report-preparation.ts";

declare const self: Worker;

// On Linux the nice value belongs to the thread: this one yields the CPU to the request thread (and
// its `/healthz`) whenever both want it, and takes whatever is left over.
try {
  setPriority(10);
} catch {
  // A platform that refuses it parses at normal priority; the thread count still bounds the load.
}

export interface ParseJob {
  id: number;
  body: Uint8Array;
}

/** The job's preparation, or why it could not be prepared (a bug, not the sender's fault). */
export type ParseDone = { id: number; preparation: ReportPreparation } | { id: number; failure: string };

/**
 * Above this, a full collection runs between the steps: it keeps this thread's peak near one report's
 * working set, where left to itself the collector lets a few reports' garbage pile up first (about
 * 170 MB per 17 MB report). Below it a collection would cost more time than the garbage is worth.
 */
const collectAbove = 1024 * 1024;
const collect = () => Bun.gc(true);
const skip = () => undefined;

async function answer(
  { id, body }: ParseJob,
  between: () => void,
): Promise<{ done: ParseDone; transfer: ArrayBuffer[] }> {
  try {
    const preparation = await prepareReport(body, between);
    const transfer: ArrayBuffer[] = [];
    // Only an array that owns its whole buffer moves; one that shares a pool is copied instead.
    const move = (part: Uint8Array | null) => {
      if (part && part.byteOffset === 0 && part.byteLength === part.buffer.byteLength)
        transfer.push(part.buffer as ArrayBuffer);
    };
    if (preparation.ok) {
      const { snapshotHtml, webReplay, row } = preparation.report;
      move(snapshotHtml);
      move(webReplay);
      move(row.packedParts);
    }
    return { done: { id, preparation }, transfer };
  } catch (error) {
    const failure = error instanceof Error ? (error.stack ?? error.message) : String(error);
    return { done: { id, failure }, transfer: [] };
  }
}

self.onmessage = async ({ data }: MessageEvent<ParseJob>) => {
  const large = data.body.byteLength > collectAbove;
  const { done, transfer } = await answer(data, large ? collect : skip);
  self.postMessage(done, transfer);
  if (large) collect();
};
