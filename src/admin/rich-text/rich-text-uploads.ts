import type { Attachment } from "../../shared/conversations-api.ts";
import { api } from "../api/api-client.ts";

/** The image types the staff upload path takes (domain/uploads/upload-intake.ts), for the file picker. */
export const editorImageTypes = "image/png,image/jpeg,image/gif,image/webp";

/**
 * An image for a rich text, through the staff upload path (`POST /api/projects/{projectId}/uploads`)
 * with its size limit and quotas; answers the file's absolute address on the messenger origin, the
 * only kind of image address the server's TipTap rendering keeps.
 */
export async function uploadEditorImage(projectId: string, file: File): Promise<Attachment> {
  const form = new FormData();
  form.append("file", file, file.name);
  return api<Attachment>(`/api/projects/${encodeURIComponent(projectId)}/uploads`, {
    method: "POST",
    body: form,
  });
}
