/**
 * Where uploads and large report parts (HTML snapshots, compressed replays) are kept: a folder under
 * DATA_DIR by default, an S3 bucket when configured. Keys are opaque, URL-safe paths chosen by the
 * caller (`uploads/{uuid}.webm`, `reports/{id}/replay.json.gz`).
 */
export interface FileStorage {
  put(key: string, data: Uint8Array | Blob | string, contentType: string): Promise<void>;
  /**
   * Stores the chunks as they come, never holding the whole object, and resolves with its size. The
   * object appears under `key` only once every chunk is written: when `chunks` throws (a refused or
   * broken upload), nothing is left under the key and the error is rethrown.
   */
  putStream(key: string, chunks: AsyncIterable<Uint8Array>, contentType: string): Promise<number>;
  /** The stored object as a Blob (its `type` is the stored content type), or null when absent. */
  get(key: string): Promise<Blob | null>;
  delete(key: string): Promise<void>;
}
