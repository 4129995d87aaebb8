import { type DashboardPage, lazyPage } from "../shell/routing/lazy-page.ts";

/** The team screen under /dashboard (owners and admins). The invitation page is a signed-out route. */
export const teamRoutes: readonly DashboardPage[] = [
  { path: "/dashboard/team", page: lazyPage(() => import("./team-page.tsx")) },
];
