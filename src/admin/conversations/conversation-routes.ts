import { type DashboardPage, lazyPage } from "../shell/routing/lazy-page.ts";

/**
 * The conversations inbox: one route with optional parts (`/dashboard/conversations`, `…/{projectId}`,
 * `…/{projectId}/{id}`), so the list stays mounted, scrolled and live while conversations open and close.
 */
export const conversationRoutes: readonly DashboardPage[] = [
  {
    path: "/dashboard/conversations/:projectId?/:id?",
    page: lazyPage(() => import("./conversations-page.tsx")),
  },
];
