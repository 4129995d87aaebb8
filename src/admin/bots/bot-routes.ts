import { type DashboardPage, lazyPage } from "../shell/routing/lazy-page.ts";

const botEditor = lazyPage(() => import("./bot-editor-page.tsx"));

/** The bot screens under /dashboard/bots; "create" comes before ":id". */
export const botRoutes: readonly DashboardPage[] = [
  { path: "/dashboard/bots", page: lazyPage(() => import("./bot-home-page.tsx")) },
  { path: "/dashboard/bots/:projectId", page: lazyPage(() => import("./bot-list-page.tsx")) },
  { path: "/dashboard/bots/:projectId/create", page: botEditor },
  { path: "/dashboard/bots/:projectId/:id/edit", page: botEditor },
];
