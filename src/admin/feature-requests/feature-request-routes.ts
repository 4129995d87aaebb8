import { type DashboardPage, lazyPage } from "../shell/routing/lazy-page.ts";

/** The feature-request board's screens (one chunk, feature-request-screens.tsx picks the screen). */
const screens = lazyPage(() => import("./feature-request-screens.tsx"));

export const featureRequestRoutes: readonly DashboardPage[] = [
  { path: "/dashboard/feature-requests", page: screens },
  { path: "/dashboard/feature-requests/:projectId", page: screens },
  { path: "/dashboard/feature-requests/:projectId/:id/edit", page: screens },
];
