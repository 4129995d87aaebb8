import { json, jsonError } from "../../http/json-response.ts";
import { multipartBoundary, parseMultipart } from "../../http/multipart.ts";
import { rangeResponse } from "../../http/range-response.ts";
import type { ApiRoute } from "../../main-origin.ts";
import type { WidgetRoute } from "../widget-api.ts";
import type { WidgetRouteDeps } from "../widget-route-deps.ts";
import { insertUpload } from "./uploads-repository.ts";

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

export interface UploadRouteDeps extends Pick<WidgetRouteDeps, "sql" | "storage" | "publicUrl"> {
  /** Tests lower it to reach it; defaults to {@link defaultMaxUploadBytes}. */
  maxUploadBytes?: number;
}

function describeSize(bytes: number): string {
  const mb = 1024 * 1024;
  return bytes >= mb && bytes % mb === 0 ? `${bytes / mb} MB` : `${bytes} bytes`;
}

/** `video/webm;codecs=vp9` → `video/webm`. */
export function baseContentType(type: string): string {
  return (type.split(";")[0] ?? "").trim().toLowerCase();
}

/**
 * A request's body, or null when it is larger than `maxBytes`. A declared Content-Length is trusted
 * (the HTTP parser reads no more than it), so such a body is read in one go; a chunked one is read
 * piece by piece and dropped as soon as it passes the limit.
 */
async function readLimitedBody(request: Request, maxBytes: number): Promise<Uint8Array | null> {
  const declared = request.headers.get("content-length");
  if (declared !== null) return Number(declared) > maxBytes ? null : request.bytes();
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    for await (const chunk of request.body) {
      size += chunk.byteLength;
      if (size > maxBytes) return null;
      chunks.push(chunk);
    }
  }
  return Buffer.concat(chunks);
}

/** `POST /api/widget/uploads/sdk`: one `file` field in, `{ fileUrl }` out. */
export function uploadRoutes(deps: UploadRouteDeps): WidgetRoute[] {
  const maxBytes = deps.maxUploadBytes ?? defaultMaxUploadBytes;
  const tooLarge = () =>
    jsonError(413, `The file is larger than the ${describeSize(maxBytes)} limit`, "file");

  return [
    {
      method: "POST",
      pattern: "/api/widget/uploads/sdk",
      auth: "project",
      async handle({ request, project }) {
        const boundary = multipartBoundary(request.headers.get("content-type"));
        if (boundary === null)
          return jsonError(400, "Expected a multipart/form-data body with a file field", "file");
        const body = await readLimitedBody(request, maxBytes + multipartAllowanceBytes);
        if (body === null) return tooLarge();
        const parts = parseMultipart(body, boundary);
        if (parts === null) return jsonError(400, "The multipart/form-data body could not be read", "file");
        const file = parts.find((part) => part.name === "file" && part.filename !== null);
        if (!file) return jsonError(400, "Missing file field", "file");
        if (file.data.byteLength > maxBytes) return tooLarge();
        if (file.data.byteLength === 0) return jsonError(400, "The file is empty", "file");
        const contentType = baseContentType(file.contentType ?? "");
        const extension = uploadTypes[contentType];
        if (extension === undefined) {
          const allowed = Object.keys(uploadTypes).join(", ");
          return jsonError(
            415,
            `File type ${contentType || "(none)"} is not allowed; use one of ${allowed}`,
            "file",
          );
        }

        const id = Bun.randomUUIDv7();
        const name = `${id}.${extension}`;
        const storageKey = `uploads/${name}`;
        await deps.storage.put(storageKey, file.data, contentType);
        const originalName = file.filename ? file.filename.slice(0, maxOriginalNameLength) : null;
        try {
          await insertUpload(deps.sql, {
            id,
            projectId: project.id,
            storageKey,
            contentType,
            size: file.data.byteLength,
            originalName,
          });
        } catch (error) {
          // Without its row the object would be an orphan no one can account for.
          await deps.storage.delete(storageKey).catch(() => undefined);
          throw error;
        }
        return json({ fileUrl: `${deps.publicUrl()}/api/files/uploads/${name}` });
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

/** `GET /api/files/uploads/:name`: public, since the name is an unguessable uuid; supports ranges for video seeking. */
export function fileRoutes(deps: Pick<WidgetRouteDeps, "storage">): ApiRoute[] {
  return [
    {
      method: "GET",
      pattern: "/api/files/uploads/:name",
      async handler(request, params) {
        const name = params.name ?? "";
        const notFound = () =>
          jsonError(404, `No file named ${name}`, undefined, {
            headers: { "Access-Control-Allow-Origin": "*" },
          });
        if (!uploadName.test(name)) return notFound();
        const blob = await deps.storage.get(`uploads/${name}`);
        if (!blob) return notFound();
        return rangeResponse(request, blob, { ...fileHeaders, "Content-Type": blob.type, ETag: `"${name}"` });
      },
    },
  ];
}
