import type { AdminAlerts } from "../../shared/alerts-api.ts";
import { api } from "../api/api-client.ts";

export const alertsApi = {
  counts: () => api<AdminAlerts>("/api/admin/alerts"),
};
