/**
 * Where uploads and large report parts (HTML snapshots, compressed replays) are kept: a folder under
 * DATA_DIR by default, an S3 bucket when configured. Keys are opaque, URL-safe paths chosen by the
 * caller (`uploads/{uuid}.webm`, `reports/{id}/replay.json.gz`).
 */
export interface FileStorage {
  put(key: string, data: Uint8Array | Blob | string, contentType: string): Promise<void>;
  /** The stored object as a Blob (its `type` is the stored content type), or null when absent. */
  get(key: string): Promise<Blob | null>;
  delete(key: string): Promise<void>;
}
