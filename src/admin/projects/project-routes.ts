import { type DashboardPage, lazyPage } from "../shell/routing/lazy-page.ts";

/**
 * The widget projects' screens are one chunk (project-screens.tsx picks the screen), so three patterns
 * cover them: ":id" also matches "create", ":flowId" also matches a flow's "create".
 */
const projectScreens = lazyPage(() => import("./project-screens.tsx"));

export const projectRoutes: readonly DashboardPage[] = [
  { path: "/dashboard/projects", page: projectScreens },
  { path: "/dashboard/projects/:id", page: projectScreens },
  { path: "/dashboard/projects/:id/flows/:flowId", page: projectScreens },
];
