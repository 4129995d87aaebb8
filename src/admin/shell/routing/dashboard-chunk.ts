/**
 * The dashboard's chunk (dashboard-routes.tsx), loaded once: by the router on a /dashboard address, and
 * ahead of time by the login form when it is sent, so signing in does not wait for it afterwards.
 */
let loading: Promise<typeof import("../../dashboard-routes.tsx")> | null = null;

export function loadDashboardRoutes(): Promise<typeof import("../../dashboard-routes.tsx")> {
  loading ??= import("../../dashboard-routes.tsx").catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}
