import { type DashboardPage, lazyPage } from "../shell/routing/lazy-page.ts";

/** The feedback inbox's screens under /dashboard. */
export const inboxRoutes: readonly DashboardPage[] = [
  { path: "/dashboard/inbox", page: lazyPage(() => import("./inbox-list-page.tsx")) },
  { path: "/dashboard/inbox/:id", page: lazyPage(() => import("./inbox-detail-page.tsx")) },
];
