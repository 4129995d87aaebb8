import {
  createUploadLimiter,
  defaultUploadQuotas,
  describeSize,
  type UploadAllowance,
  type UploadQuotas,
  UploadRefused,
} from "../../domain/uploads/upload-quotas.ts";
import { insertUpload } from "../../domain/uploads/uploads-repository.ts";
import type { ApiRoute } from "../../http/api-route.ts";
import { json, jsonError } from "../../http/json-response.ts";
import { rangeResponse } from "../../http/range-response.ts";
import {
  FormTooLarge,
  type IncomingFile,
  MalformedForm,
  readStreamingForm,
} from "../../http/streaming-form.ts";
import type { WidgetRoute } from "../widget-api.ts";
import type { WidgetRouteDeps } from "../widget-route-deps.ts";

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

const maxOriginalNameLength = 255;

/** A stored upload's public name: the uuid v7 and one of the allowed extensions, nothing else. */
const uploadName = new RegExp(
  `^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\.(${Object.values(uploadTypes).join("|")})$`,
);

export interface UploadRouteDeps extends Pick<WidgetRouteDeps, "sql" | "storage" | "messengerUrl"> {
  /** Tests lower it to reach it; defaults to {@link defaultMaxUploadBytes}. */
  maxUploadBytes?: number;
  /** Tests lower them to reach them; each one left out is its {@link defaultUploadQuotas} value. */
  quotas?: Partial<UploadQuotas>;
  /** The clock of the daily quotas and the rate. */
  now?: () => number;
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

/** `POST /api/widget/uploads/sdk`: one `file` field in, `{ fileUrl }` out, streamed to storage. */
export function uploadRoutes(deps: UploadRouteDeps): WidgetRoute[] {
  const maxBytes = deps.maxUploadBytes ?? defaultMaxUploadBytes;
  const now = deps.now ?? Date.now;
  const limiter = createUploadLimiter(deps.sql, { ...defaultUploadQuotas, ...deps.quotas }, now);
  const tooLarge = () =>
    jsonError(413, `The file is larger than the ${describeSize(maxBytes)} limit`, "file");

  /** Streams the file to storage and records it; throws what {@link refusalResponse} answers. */
  async function store(
    file: IncomingFile,
    extension: string,
    allowance: UploadAllowance,
    finished: Promise<void>,
    owner: { projectId: string; sessionId: string },
  ): Promise<Response> {
    const chunks = file.chunks[Symbol.asyncIterator]();
    const first = await chunks.next();
    if (first.done) return jsonError(400, "The file is empty", "file");

    const id = Bun.randomUUIDv7();
    const name = `${id}.${extension}`;
    const storageKey = `uploads/${name}`;
    const size = await deps.storage.putStream(
      storageKey,
      counted(first.value, chunks, allowance),
      file.contentType,
    );
    try {
      // The form must end well-formed, and what finished meanwhile may have used up the quota.
      await finished;
      await allowance.confirm();
      await insertUpload(deps.sql, {
        id,
        ...owner,
        storageKey,
        contentType: file.contentType,
        size,
        originalName: file.filename ? file.filename.slice(0, maxOriginalNameLength) : null,
        createdAt: new Date(now()).toISOString(),
      });
    } catch (error) {
      // Without its row the object would be an orphan no one can account for.
      await deps.storage.delete(storageKey).catch(() => undefined);
      throw error;
    }
    return json({ fileUrl: `${deps.messengerUrl()}${uploadsPath}${name}` });
  }

  return [
    {
      method: "POST",
      pattern: "/api/widget/uploads/sdk",
      // The reference client sends its session with uploads, and the quotas are counted per session.
      auth: "session",
      async handle({ request, project, session }) {
        if (!session) return jsonError(401, "Missing Gleap-Id and Gleap-Hash");
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
            sessionId: session.id,
            projectId: project.id,
            maxFileBytes: maxBytes,
            // The file is the body less its framing, near enough to refuse what cannot fit before reading it.
            declaredBytes:
              declaredBytes === null ? null : Math.max(1, declaredBytes - multipartAllowanceBytes),
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
          return await store(file, extension, allowance, form.finished, {
            projectId: project.id,
            sessionId: session.id,
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
    },
  ];
}

const fileHeaders = {
  // The name is a fresh uuid per upload, so what it names never changes.
  "Cache-Control": "public, max-age=31536000, immutable",
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Expose-Headers": "Accept-Ranges, Content-Length, Content-Range",
  // Only allow-listed media types are stored, and no browser should guess another (e.g. HTML).
  "X-Content-Type-Options": "nosniff",
};

/**
 * Where visitors' files are served, on the messenger origin: what a visitor uploaded never runs or
 * renders as a page of the admin's own origin, whatever a browser makes of it (issue 19).
 */
export const uploadsPath = "/api/files/uploads/";

/**
 * `GET /api/files/uploads/:name` on the messenger origin: public, since the name is an unguessable
 * uuid; supports ranges for video seeking. Null for any other path.
 */
export function uploadFiles(deps: Pick<WidgetRouteDeps, "storage">) {
  return async (request: Request, path: string): Promise<Response | null> => {
    if (!path.startsWith(uploadsPath)) return null;
    const name = path.slice(uploadsPath.length);
    const notFound = () =>
      jsonError(404, `No file named ${name}`, undefined, { headers: { "Access-Control-Allow-Origin": "*" } });
    if (request.method !== "GET" && request.method !== "HEAD")
      return jsonError(405, `${request.method} is not allowed on ${path}`, undefined, {
        headers: { Allow: "GET, HEAD" },
      });
    if (!uploadName.test(name)) return notFound();
    const blob = await deps.storage.get(`uploads/${name}`);
    if (!blob) return notFound();
    return rangeResponse(request, blob, { ...fileHeaders, "Content-Type": blob.type, ETag: `"${name}"` });
  };
}

/**
 * `GET /api/files/uploads/:name` on the main origin, where file URLs of earlier versions point: a
 * redirect to the same file on the messenger origin, so stored links keep working while nothing a
 * visitor sent is ever served from the admin's origin.
 */
export function fileRoutes(deps: Pick<WidgetRouteDeps, "messengerUrl">): ApiRoute[] {
  return [
    {
      method: "GET",
      pattern: "/api/files/uploads/:name",
      async handler(_request, params) {
        const name = params.name ?? "";
        const headers = { "Access-Control-Allow-Origin": "*" };
        if (!uploadName.test(name)) return jsonError(404, `No file named ${name}`, undefined, { headers });
        return new Response(null, {
          status: 301,
          headers: {
            ...headers,
            Location: `${deps.messengerUrl()}${uploadsPath}${name}`,
            // Short: the messenger's address (MESSENGER_URL) may change.
            "Cache-Control": "public, max-age=3600",
          },
        });
      },
    },
  ];
}
