import { S3Client, type S3File, type S3Options } from "bun";
import type { StorageTarget } from "../config.ts";
import type { FileStorage } from "./file-storage.ts";

export type S3StorageTarget = Extract<StorageTarget, { kind: "s3" }>;

// The same rule as local storage, so a key that works on one backend works on the other.
const safeKey = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;

function checkKey(key: string): string {
  if (!safeKey.test(key) || key.includes("..")) throw new Error(`Invalid storage key ${JSON.stringify(key)}`);
  return key;
}

/**
 * A byte range of an S3 object seen as a Blob. An S3File's `size` needs a request (it reads NaN until
 * then) and a Response built from one redirects to a presigned URL, so `get()` stats the object once
 * and hands out this view instead: `size` and `type` are known, `slice()` is free, and reading fetches
 * only the bytes of the view (one ranged GET).
 */
class S3ObjectView implements Blob {
  constructor(
    private readonly file: S3File,
    private readonly start: number,
    private readonly end: number,
    readonly type: string,
  ) {}

  get size(): number {
    return this.end - this.start;
  }

  slice(start?: number, end?: number, contentType?: string): Blob {
    const from = this.start + clampOffset(start ?? 0, this.size);
    const to = Math.max(from, this.start + clampOffset(end ?? this.size, this.size));
    return new S3ObjectView(this.file, from, to, contentType ?? this.type);
  }

  /** The bytes of the view as something that can be read: an empty range would otherwise read it all. */
  private part(): Blob {
    if (this.size === 0) return new Blob([], { type: this.type });
    return this.file.slice(this.start, this.end, this.type);
  }

  stream(): ReadableStream<Uint8Array<ArrayBuffer>> {
    return this.part().stream();
  }

  arrayBuffer(): Promise<ArrayBuffer> {
    return this.part().arrayBuffer();
  }

  bytes(): Promise<Uint8Array<ArrayBuffer>> {
    return this.part().bytes();
  }

  text(): Promise<string> {
    return this.part().text();
  }

  json(): Promise<unknown> {
    return this.part().json();
  }

  formData(): Promise<FormData> {
    return this.part().formData();
  }

  image(options?: Bun.Image.ConstructorOptions): Bun.Image {
    return this.part().image(options);
  }
}

/** Blob.slice offsets: negative ones count from the end, and both are clamped to the size. */
function clampOffset(offset: number, size: number): number {
  const absolute = offset < 0 ? size + offset : offset;
  return Math.min(Math.max(Math.trunc(absolute), 0), size);
}

function s3ClientOptions(target: S3StorageTarget): S3Options {
  const options: S3Options = { bucket: target.bucket };
  if (target.endpoint) options.endpoint = target.endpoint;
  if (target.region) options.region = target.region;
  if (target.accessKeyId) options.accessKeyId = target.accessKeyId;
  if (target.secretAccessKey) options.secretAccessKey = target.secretAccessKey;
  return options;
}

/** A streamed object goes up in parts of this size (S3's minimum), so about this much is buffered. */
const streamPartBytes = 5 * 1024 * 1024;
/** Parts in flight at once per streamed object: enough to keep the link busy, little memory. */
const streamQueueSize = 2;

/** Objects in an S3 (or S3-compatible) bucket, through Bun's built-in client. */
export function createS3FileStorage(target: S3StorageTarget): FileStorage {
  const client = new S3Client(s3ClientOptions(target));
  return {
    async put(key, data, contentType) {
      await client.file(checkKey(key)).write(data, { type: contentType });
    },
    async putStream(key, chunks, contentType) {
      const file = client.file(checkKey(key));
      const writer = file.writer({
        type: contentType,
        partSize: streamPartBytes,
        queueSize: streamQueueSize,
      });
      let size = 0;
      let unflushed = 0;
      try {
        for await (const chunk of chunks) {
          await writer.write(chunk);
          size += chunk.byteLength;
          unflushed += chunk.byteLength;
          // The writer buffers every write until flushed; waiting here is the backpressure that
          // keeps a 100 MB upload to about a part in memory instead of all of it.
          if (unflushed >= streamPartBytes) {
            await writer.flush();
            unflushed = 0;
          }
        }
        await writer.end();
        return size;
      } catch (error) {
        // Bun's writer has no abort: end(error) completes the object all the same, so it is ended
        // and then deleted, leaving nothing under the key.
        await Promise.resolve()
          .then(() => writer.end())
          .catch(() => undefined);
        await file.delete().catch(() => undefined);
        throw error;
      }
    },
    async get(key) {
      const file = client.file(checkKey(key));
      let size: number;
      let type: string;
      try {
        ({ size, type } = await file.stat());
      } catch (error) {
        // A HEAD answer has no body, so providers differ in the error a missing key gives; asking
        // again tells "absent" from a real failure (bad credentials, network), which is rethrown.
        const exists = await file.exists().catch(() => true);
        if (!exists) return null;
        throw error;
      }
      return new S3ObjectView(file, 0, size, type || "application/octet-stream");
    },
    async delete(key) {
      // S3 answers a delete of a missing key with success, which is what callers expect.
      await client.file(checkKey(key)).delete();
    },
  };
}
