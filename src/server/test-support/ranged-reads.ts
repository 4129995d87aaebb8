import { expect } from "bun:test";

/** One Range request for a stored file and what it must answer. */
export interface RangedRead {
  range: string;
  status: number;
  /** The part of the whole file the body must hold (`slice` arguments); unnamed, the body is not read as bytes. */
  slice?: [number, number?];
  contentRange?: string;
  contentLength?: string;
}

/** Sends each read through `read` and checks its status, the headers it names and the bytes of `whole` it answers. */
export async function expectRangedReads(
  read: (range: string) => Promise<Response>,
  whole: Uint8Array,
  reads: RangedRead[],
): Promise<void> {
  for (const { range, status, slice, contentRange, contentLength } of reads) {
    const response = await read(range);
    expect(`${range} → ${response.status}`).toBe(`${range} → ${status}`);
    if (contentRange !== undefined) expect(response.headers.get("content-range")).toBe(contentRange);
    if (contentLength !== undefined) expect(response.headers.get("content-length")).toBe(contentLength);
    if (slice) expect(await response.bytes()).toEqual(whole.slice(...slice));
    else await response.arrayBuffer();
  }
}
