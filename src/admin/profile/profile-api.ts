import type { AdminProfile, ProfileUpdate } from "../../shared/profile-api.ts";
import { api } from "../api/api-client.ts";

export const profileApi = {
  get: () => api<AdminProfile>("/api/admin/profile"),
  save: (body: ProfileUpdate) => api<AdminProfile>("/api/admin/profile", { method: "PUT", body }),
  setAvailability: (available: boolean) =>
    api<AdminProfile>("/api/admin/profile/availability", { method: "PUT", body: { available } }),
  setUnreadMail: (unassigned: boolean) =>
    api<AdminProfile>("/api/admin/profile/unread-mail", { method: "PUT", body: { unassigned } }),
};
