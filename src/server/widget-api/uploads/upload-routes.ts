import {
  createUploadIntake,
  type UploadIntakeOptions,
  uploadsPath,
  uploadTypes,
} from "../../domain/uploads/upload-intake.ts";
import type { ApiRoute } from "../../http/api-route.ts";
import { json, jsonError } from "../../http/json-response.ts";
import { rangeResponse } from "../../http/range-response.ts";
import type { WidgetRoute } from "../widget-api.ts";
import type { WidgetRouteDeps } from "../widget-route-deps.ts";

/** A stored upload's public name: the uuid v7 and one of the allowed extensions, nothing else. */
const uploadName = new RegExp(
  `^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\.(${Object.values(uploadTypes).join("|")})$`,
);

export interface UploadRouteDeps
  extends Pick<WidgetRouteDeps, "sql" | "storage" | "messengerUrl">,
    Pick<UploadIntakeOptions, "maxUploadBytes" | "quotas" | "now"> {}

/**
 * `POST /api/widget/uploads/sdk`: one `file` field in, `{ fileUrl }` out, streamed to storage and
 * counted against the session's quotas (domain/uploads/upload-intake.ts).
 */
export function uploadRoutes(deps: UploadRouteDeps): WidgetRoute[] {
  const intake = createUploadIntake(deps);
  return [
    {
      method: "POST",
      pattern: "/api/widget/uploads/sdk",
      // The reference client sends its session with uploads, and the quotas are counted per session.
      auth: "session",
      async handle({ request, project, session }) {
        if (!session) return jsonError(401, "Missing Gleap-Id and Gleap-Hash");
        const received = await intake.receive(request, {
          projectId: project.id,
          uploader: { kind: "session", id: session.id },
        });
        if (received instanceof Response) return received;
        return json({ fileUrl: `${deps.messengerUrl()}${uploadsPath}${received.name}` });
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
