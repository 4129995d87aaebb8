import type { SQL } from "bun";

export interface NewUpload {
  /** The uuid that is also the stored object's file name. */
  id: string;
  projectId: string;
  storageKey: string;
  contentType: string;
  size: number;
  originalName: string | null;
}

export async function insertUpload(sql: SQL, upload: NewUpload): Promise<void> {
  await sql`INSERT INTO uploads (id, project_id, storage_key, content_type, size, original_name, created_at)
    VALUES (${upload.id}, ${upload.projectId}, ${upload.storageKey}, ${upload.contentType}, ${upload.size},
      ${upload.originalName}, ${new Date().toISOString()})`;
}
