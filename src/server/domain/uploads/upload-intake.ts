import type { SQL } from "bun";
import { jsonError } from "../../http/json-response.ts";
import {
  FormTooLarge,
  type IncomingFile,
  MalformedForm,
  readStreamingForm,
} from "../../http/streaming-form.ts";
import type { FileStorage } from "../../storage/file-storage.ts";
import {
  createUploadLimiter,
  defaultUploadQuotas,
  describeSize,
  type UploadAllowance,
  type UploadQuotas,
  UploadRefused,
} from "./upload-quotas.ts";
import { insertUpload, type Uploader } from "./uploads-repository.ts";

/**
 * One way files come in, for visitors (`POST /api/widget/uploads/sdk`) and staff attachments
 * (`POST /api/projects/{p}/uploads`) alike: one multipart `file` field, streamed to storage while it is
 * counted against the size limit and the uploader's and project's quotas, only allow-listed types,
 * and a row in `uploads` written only once the whole file is stored.
 */

/** Largest file the SDK may upload (screen recordings run up to 120 s). */
export const defaultMaxUploadBytes = 100 * 1024 * 1024;

/** Room for the multipart framing around the file, so a file just under the limit still fits. */
const multipartAllowanceBytes = 64 * 1024;

/** The types the SDK uploads (recordings, screenshots, attachments), with the extension each is stored under. */
export const uploadTypes: Readonly<Record<string, string>> = {
  "video/webm": "webm",
  "video/mp4": "mp4",
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/gif": "gif",
  "image/webp": "webp",
};

/**
 * Where uploaded files are served, on the messenger origin: what a visitor uploaded never runs or
 * renders as a page of the admin's own origin, whatever a browser makes of it.
 */
export const uploadsPath = "/api/files/uploads/";

const maxOriginalNameLength = 255;

export interface UploadIntakeOptions {
  sql: SQL;
  storage: FileStorage;
  /** Tests lower it to reach it; defaults to {@link defaultMaxUploadBytes}. */
  maxUploadBytes?: number;
  /** Tests lower them to reach them; each one left out is its {@link defaultUploadQuotas} value. */
  quotas?: Partial<UploadQuotas>;
  /** The clock of the daily quotas and the rate. */
  now?: () => number;
}

/** A stored upload: its public name under {@link uploadsPath}, its type and the name it was sent with. */
export interface ReceivedUpload {
  name: string;
  contentType: string;
  originalName: string | null;
}

/** The 4xx answer for a refused or unreadable upload, or null for an unexpected failure. */
function refusalResponse(error: unknown, tooLarge: () => Response): Response | null {
  if (error instanceof UploadRefused) {
    const headers: Record<string, string> =
      error.retryAfterSeconds === null ? {} : { "Retry-After": String(error.retryAfterSeconds) };
    return jsonError(error.status, error.message, "file", { headers });
  }
  if (error instanceof FormTooLarge) return tooLarge();
  if (error instanceof MalformedForm) return jsonError(400, error.message, "file");
  return null;
}

/** The file's chunks, each counted against the allowance first, so a refusal stops the stream. */
async function* counted(first: Uint8Array, rest: AsyncIterator<Uint8Array>, allowance: UploadAllowance) {
  allowance.add(first.byteLength);
  yield first;
  for (;;) {
    const next = await rest.next();
    if (next.done) return;
    allowance.add(next.value.byteLength);
    yield next.value;
  }
}

/** Streams the file to storage and records it; throws what {@link refusalResponse} answers. */
async function storeUpload(
  { storage, now }: { storage: FileStorage; now: () => number },
  file: IncomingFile,
  {
    extension,
    allowance,
    finished,
    owner,
  }: {
    extension: string;
    allowance: UploadAllowance;
    finished: Promise<void>;
    owner: { projectId: string; uploader: Uploader };
  },
): Promise<ReceivedUpload | Response> {
  const chunks = file.chunks[Symbol.asyncIterator]();
  const first = await chunks.next();
  if (first.done) return jsonError(400, "The file is empty", "file");

  const id = Bun.randomUUIDv7();
  const name = `${id}.${extension}`;
  const storageKey = `uploads/${name}`;
  const size = await storage.putStream(storageKey, counted(first.value, chunks, allowance), file.contentType);
  const originalName = file.filename ? file.filename.slice(0, maxOriginalNameLength) : null;
  try {
    // The form must end well-formed, and what finished meanwhile may have used up the quota.
    await finished;
    const contentType = file.contentType;
    const createdAt = new Date(now()).toISOString();
    const upload = { id, ...owner, storageKey, contentType, size, originalName, createdAt };
    await allowance.confirm((tx) => insertUpload(tx, upload));
  } catch (error) {
    // Without its row the object would be an orphan no one can account for.
    await storage.delete(storageKey).catch(() => undefined);
    throw error;
  }
  return { name, contentType: file.contentType, originalName };
}

export function createUploadIntake(options: UploadIntakeOptions) {
  const { sql, storage } = options;
  const maxBytes = options.maxUploadBytes ?? defaultMaxUploadBytes;
  const now = options.now ?? Date.now;
  const limiter = createUploadLimiter(sql, { ...defaultUploadQuotas, ...options.quotas }, now);
  const tooLarge = () =>
    jsonError(413, `The file is larger than the ${describeSize(maxBytes)} limit`, "file");

  return {
    /** The stored upload, or the 4xx answer that refused it (nothing of it is then kept). */
    async receive(
      request: Request,
      owner: { projectId: string; uploader: Uploader },
    ): Promise<ReceivedUpload | Response> {
      const declared = request.headers.get("content-length");
      const declaredBytes = declared === null ? null : Number(declared);
      // Refused before a byte is read: the HTTP parser would read no more than this anyway.
      if (declaredBytes !== null && declaredBytes > maxBytes + multipartAllowanceBytes) return tooLarge();
      const form = readStreamingForm(request, {
        fieldName: "file",
        maxBodyBytes: maxBytes + multipartAllowanceBytes,
      });
      if (form === null)
        return jsonError(400, "Expected a multipart/form-data body with a file field", "file");

      let allowance: UploadAllowance | null = null;
      try {
        allowance = await limiter.admit({
          uploader: owner.uploader,
          projectId: owner.projectId,
          maxFileBytes: maxBytes,
          // The file is the body less its framing, near enough to refuse what cannot fit before reading it.
          declaredBytes: declaredBytes === null ? null : Math.max(1, declaredBytes - multipartAllowanceBytes),
        });
        const file = await form.file;
        if (!file) return jsonError(400, "Missing file field", "file");
        const extension = uploadTypes[file.contentType];
        if (extension === undefined) {
          const allowed = Object.keys(uploadTypes).join(", ");
          return jsonError(
            415,
            `File type ${file.contentType || "(none)"} is not allowed; use one of ${allowed}`,
            "file",
          );
        }
        return await storeUpload({ storage, now }, file, {
          extension,
          allowance,
          finished: form.finished,
          owner,
        });
      } catch (error) {
        const refusal = refusalResponse(error, tooLarge);
        if (refusal) return refusal;
        throw error;
      } finally {
        // Whatever was not read of the body is not wanted any more.
        form.abort();
        allowance?.release();
      }
    },
  };
}
