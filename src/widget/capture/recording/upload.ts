import type { WidgetHost } from "../../../shared/widget-chunk-contract.ts";

/**
 * Uploads a recording to `POST {api}/uploads/sdk` (multipart field `file`, the session's headers) and
 * answers the stored file's URL. XMLHttpRequest rather than fetch: it reports the upload's progress.
 */
export interface UploadOptions {
  url: string;
  headers: Record<string, string>;
  onProgress?(fraction: number): void;
  createRequest?: () => XMLHttpRequest;
}

export class UploadError extends Error {
  override name = "UploadError";
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export function uploadFile(file: File, options: UploadOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = options.createRequest?.() ?? new XMLHttpRequest();
    request.open("POST", options.url);
    for (const [name, value] of Object.entries(options.headers)) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    request.onerror = () => reject(new UploadError("The upload failed (network)", 0));
    request.onabort = () => reject(new UploadError("The upload was aborted", 0));
    request.onload = () => {
      if (request.status < 200 || request.status >= 300)
        return reject(new UploadError(`The upload was refused (${request.status})`, request.status));
      try {
        const fileUrl = (JSON.parse(request.responseText) as { fileUrl?: unknown }).fileUrl;
        if (typeof fileUrl !== "string" || fileUrl === "") throw new Error("no fileUrl");
        options.onProgress?.(1);
        resolve(fileUrl);
      } catch {
        reject(new UploadError("The upload's answer could not be read", request.status));
      }
    };
    const form = new FormData();
    form.append("file", file, file.name);
    request.send(form);
  });
}

/** The recording's upload for the host's session (`{api}/uploads/sdk`); rejects without a session. */
export function uploadForSession(
  host: Pick<WidgetHost, "session" | "apiUrl" | "sdkKey">,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<string> {
  const session = host.session();
  if (!session) return Promise.reject(new Error("no session"));
  return uploadFile(file, {
    url: `${host.apiUrl().replace(/\/+$/, "")}/uploads/sdk`,
    headers: { "Api-Token": host.sdkKey, "Gleap-Id": session.gleapId, "Gleap-Hash": session.gleapHash },
    onProgress,
  });
}
