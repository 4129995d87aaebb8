import { moduleOnce } from "./module-once.ts";

/**
 * The dashboard's chunk (dashboard-routes.tsx), loaded once: by the router on a /dashboard address, and
 * ahead of time by the login form when it is sent, so signing in does not wait for it afterwards, and
 * by a page load at a dashboard address before its first render (initial-route.ts).
 */
type DashboardModule = typeof import("../../dashboard-routes.tsx");

const dashboardRoutes = moduleOnce<DashboardModule>(() => import("../../dashboard-routes.tsx"));

export function loadDashboardRoutes(): Promise<DashboardModule> {
  return dashboardRoutes.load();
}

/** The chunk when it has been loaded, for rendering it without suspending (lazy-page.ts says why). */
export function loadedDashboardRoutes(): DashboardModule | null {
  return dashboardRoutes.loaded();
}
