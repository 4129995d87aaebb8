import { proxy } from "valtio";
import type { AdminAlerts } from "../../shared/alerts-api.ts";

/** The signed-in admin's counts (src/shared/alerts-api.ts), for the navigation and the tab title. */
export const alertState = proxy<AdminAlerts>({ reports: 0, conversations: 0, assigned: 0 });

export function setAlerts(alerts: AdminAlerts): void {
  alertState.reports = alerts.reports;
  alertState.conversations = alerts.conversations;
  // A server from before the count answers without it.
  alertState.assigned = typeof alerts.assigned === "number" ? alerts.assigned : 0;
}

export const alertTotal = (alerts: AdminAlerts): number => alerts.reports + alerts.conversations;
