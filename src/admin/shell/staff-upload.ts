import type { Attachment } from "../../shared/conversations-api.ts";
import { api } from "../api/api-client.ts";

/**
 * A file through the staff upload path (`POST /api/projects/{projectId}/uploads`, with the size limit
 * and quotas of domain/uploads/upload-intake.ts): an image for a rich text, an attachment of a saved
 * reply. Answers the stored file, its address absolute on the messenger origin, the only kind of image
 * address the server's TipTap rendering keeps.
 */
export function uploadStaffFile(projectId: string, file: File): Promise<Attachment> {
  const form = new FormData();
  form.append("file", file, file.name);
  return api<Attachment>(`/api/projects/${encodeURIComponent(projectId)}/uploads`, {
    method: "POST",
    body: form,
  });
}
