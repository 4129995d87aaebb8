import { type DashboardPage, lazyPage } from "../shell/routing/lazy-page.ts";

const contentList = lazyPage(() => import("./content-list-page.tsx"));
const contentEditor = lazyPage(() => import("./content-editor-page.tsx"));

/** The outbound content screens under /dashboard/content; "create" comes before ":id". */
export const contentRoutes: readonly DashboardPage[] = [
  { path: "/dashboard/content", page: lazyPage(() => import("./content-home-page.tsx")) },
  { path: "/dashboard/content/:projectId/:kind", page: contentList },
  { path: "/dashboard/content/:projectId/:kind/create", page: contentEditor },
  { path: "/dashboard/content/:projectId/:kind/:id/edit", page: contentEditor },
  {
    path: "/dashboard/content/:projectId/surveys/:id/results",
    page: lazyPage(() => import("./survey-results-page.tsx")),
  },
];
