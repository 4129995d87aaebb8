import type { SavedReply, SavedReplyList, SavedReplyWrite } from "../../shared/saved-replies-api.ts";
import { api } from "../api/api-client.ts";
import { uploadStaffFile } from "../shell/staff-upload.ts";

const base = (projectId: string) => `/api/projects/${encodeURIComponent(projectId)}/saved-replies`;
const one = (projectId: string, id: string) => `${base(projectId)}/${encodeURIComponent(id)}`;

/** The admin's calls for saved replies (src/shared/saved-replies-api.ts) and staff attachments. */
export const savedRepliesApi = {
  list: (projectId: string) => api<SavedReplyList>(base(projectId)),
  create: (projectId: string, body: SavedReplyWrite) =>
    api<SavedReply>(base(projectId), { method: "POST", body }),
  update: (projectId: string, id: string, body: SavedReplyWrite) =>
    api<SavedReply>(one(projectId, id), { method: "PUT", body }),
  remove: (projectId: string, id: string) => api<void>(one(projectId, id), { method: "DELETE" }),
  /** A file for a reply, through the visitors' upload path and limits; answers what the reply carries. */
  upload: uploadStaffFile,
};

/**
 * Each project's list, read once per page load and shared by every reply box; the settings card
 * drops it after a change so the next `/` reads the new list.
 */
const cache = new Map<string, Promise<SavedReply[]>>();

export function savedRepliesOf(projectId: string): Promise<SavedReply[]> {
  let list = cache.get(projectId);
  if (!list) {
    list = savedRepliesApi.list(projectId).then((answer) => answer.items);
    // A failed read is tried again at the next `/`.
    list.catch(() => cache.delete(projectId));
    cache.set(projectId, list);
  }
  return list;
}

export const forgetSavedReplies = (projectId: string): void => {
  cache.delete(projectId);
};
