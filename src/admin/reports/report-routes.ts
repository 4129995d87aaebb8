import { type DashboardPage, lazyPage } from "../shell/routing/lazy-page.ts";

/** The reports screens under /dashboard; fixed paths ("create") come before parameters (":id"). */
export const reportRoutes: readonly DashboardPage[] = [
  { path: "/dashboard/reported-tasks", page: lazyPage(() => import("./report-list-page.tsx")) },
  { path: "/dashboard/reported-tasks/:id", page: lazyPage(() => import("./report-detail-page.tsx")) },
];
