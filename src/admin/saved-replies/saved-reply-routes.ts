import { type DashboardPage, lazyPage } from "../shell/routing/lazy-page.ts";

/**
 * The saved replies screen: one route with the project optional (`/dashboard/saved-replies`, `…/{projectId}`),
 * for owners, admins and agents (an agent's picker holds only their projects).
 */
export const savedReplyRoutes: readonly DashboardPage[] = [
  {
    path: "/dashboard/saved-replies/:projectId?",
    page: lazyPage(() => import("./saved-replies-page.tsx")),
  },
];
