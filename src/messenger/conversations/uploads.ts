import type { Attachment } from "../../shared/conversations-api.ts";
import type { MessengerState } from "../messenger-store.ts";

/**
 * Attachments: a file goes to `POST {apiUrl}/uploads/sdk` (multipart field `file`, the session's
 * headers) and comes back as `{fileUrl}`; the message then carries `{url, name, type}`. The upload
 * goes through XMLHttpRequest rather than the API client because only XHR reports upload progress.
 *
 * The server's allow-list (src/server/widget-api/uploads/upload-routes.ts) and limits: images and
 * videos, 100 MB a file; 10 attachments a message (src/shared/conversations-api.ts).
 */
export const attachmentTypes = [
  "image/png",
  "image/jpeg",
  "image/gif",
  "image/webp",
  "video/mp4",
  "video/webm",
] as const;
export const maxAttachmentBytes = 100 * 1024 * 1024;
export const maxAttachments = 10;

export type FileProblem = "type" | "size";

/** Why a file cannot be attached, or null when it can. */
export function fileProblem(file: Pick<File, "type" | "size">): FileProblem | null {
  if (!(attachmentTypes as readonly string[]).includes(file.type)) return "type";
  if (file.size > maxAttachmentBytes) return "size";
  return null;
}

/** The session headers an upload carries (as the API client's calls). */
export interface UploadTarget {
  url: string;
  headers: Record<string, string>;
}

export function uploadTargetOf(
  state: Pick<MessengerState, "apiUrl" | "sdkKey" | "session">,
): UploadTarget | null {
  if (!state.apiUrl || !state.sdkKey || !state.session) return null;
  const headers: Record<string, string> = { "Api-Token": state.sdkKey };
  const { gleapId, gleapHash } = state.session as { gleapId?: unknown; gleapHash?: unknown };
  if (typeof gleapId === "string" && gleapId && typeof gleapHash === "string" && gleapHash) {
    headers["Gleap-Id"] = gleapId;
    headers["Gleap-Hash"] = gleapHash;
  }
  return { url: `${state.apiUrl.replace(/\/+$/, "")}/uploads/sdk`, headers };
}

/** Why an upload failed, in terms the composer words. */
export class UploadError extends Error {
  override name = "UploadError";
  constructor(
    readonly kind: "offline" | "too-large" | "type" | "too-many" | "rejected" | "aborted",
    message: string,
  ) {
    super(message);
  }
}

export interface UploadHandle {
  /** The stored file's URL. */
  done: Promise<string>;
  abort(): void;
}

export type StartUpload = (
  target: UploadTarget,
  file: File,
  onProgress: (fraction: number) => void,
) => UploadHandle;

/** The real upload, through XMLHttpRequest for its progress events. */
export const xhrUpload: StartUpload = (target, file, onProgress) => {
  const request = new XMLHttpRequest();
  const done = new Promise<string>((resolve, reject) => {
    request.open("POST", target.url);
    for (const [name, value] of Object.entries(target.headers)) request.setRequestHeader(name, value);
    request.responseType = "text";
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(1, event.loaded / event.total));
    };
    request.onerror = () => reject(new UploadError("offline", "No connection"));
    request.ontimeout = () => reject(new UploadError("offline", "Timed out"));
    request.onabort = () => reject(new UploadError("aborted", "Cancelled"));
    request.onload = () => {
      let body: { fileUrl?: unknown; error?: unknown } = {};
      try {
        body = JSON.parse(request.responseText || "{}");
      } catch {
        body = {};
      }
      if (request.status >= 200 && request.status < 300 && typeof body.fileUrl === "string") {
        onProgress(1);
        resolve(body.fileUrl);
        return;
      }
      const message = typeof body.error === "string" ? body.error : `HTTP ${request.status}`;
      const kind =
        request.status === 413
          ? "too-large"
          : request.status === 415
            ? "type"
            : request.status === 429
              ? "too-many"
              : request.status === 0
                ? "offline"
                : "rejected";
      reject(new UploadError(kind, message));
    };
    const form = new FormData();
    form.append("file", file, file.name);
    request.send(form);
  });
  return { done, abort: () => request.abort() };
};

/** The upload the composer uses; tests put a fake in its place. */
export const uploads: { start: StartUpload } = { start: xhrUpload };

/** A file on its way to becoming an attachment, as the composer shows it. */
export interface PendingFile {
  id: string;
  file: File;
  /** An object URL for the thumbnail of an image or video. */
  preview: string | null;
  progress: number;
  status: "uploading" | "done" | "failed";
  attachment: Attachment | null;
  error: UploadError | null;
}

export const isImage = (type: string) => type.startsWith("image/");
export const isVideo = (type: string) => type.startsWith("video/");
